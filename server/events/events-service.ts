import type { Kysely } from "kysely";
import type { SitemapEntry } from "../seo";
import { eventSitemapEntries } from "./event-sitemap";
import { londonDaysToUtcRange, mondayOf } from "./calendar-dates";
import { londonDateOf } from "../shared/london-time";
import type { CompressedAnswer } from "../cache/compressed-answer";
import { contentVersionReader } from "../cache/content-versions";
import type { Database } from "../db/schema";
import type { RenderCalendarEntry } from "./calendar-entry-renderer";
import { findEventBySlug, findInstanceOfEvent, findInstancesEndingAfter, findNextStarts, type EventDetails, type InstanceTimes } from "./event-repository";
import { cachedInstanceAnswers } from "./cached-instance-answers";
import type { InstanceQuery } from "./instance-query";
import { loadWhatsOnPage, type WhatsOnPage } from "./whats-on-page";
import type { WhatsOnRequest } from "./whats-on-query";

/** What's On, the instances API and each event's page and calendar files. */
export interface EventsService {
  /** The instances API's answer, as compressed JSON kept per query; calendar entries are rendered by the caller's templates. */
  instancesAnswer(query: InstanceQuery, renderCalendarEntry: RenderCalendarEntry): Promise<CompressedAnswer>;
  /** The same answer only if it is already kept and current (the front door's question); never computes. */
  keptInstancesAnswer(query: InstanceQuery): Promise<CompressedAnswer | undefined>;
  /** What's On at `now`, the request's one clock reading (past entries are marked against it). */
  whatsOnPage(request: WhatsOnRequest, now: Date): Promise<WhatsOnPage>;
  findEvent(slug: string): Promise<EventDetails | undefined>;
  /**
   * The event page's performances at `now`: those still to come, and this
   * week's that have ended (the page marks them past), soonest first.
   */
  eventPageInstances(eventId: number, now: Date): Promise<InstanceTimes[]>;
  findInstance(eventId: number, instanceId: number): Promise<InstanceTimes | undefined>;
  /** Each event's next start (not yet ended at `now`), by event id: search results show it. */
  nextStarts(eventIds: readonly number[], now: Date): Promise<Map<number, string>>;
  /** Every event page, for the sitemap (docs/seo.md). */
  sitemapEntries(): Promise<SitemapEntry[]>;
}

export function createEventsService(db: Kysely<Database>): EventsService {
  const instanceAnswers = cachedInstanceAnswers(db, contentVersionReader(db, "events"));
  return {
    instancesAnswer: instanceAnswers.answer,
    keptInstancesAnswer: instanceAnswers.kept,
    whatsOnPage: (request, now) => loadWhatsOnPage(db, request, now),
    findEvent: (slug) => findEventBySlug(db, slug),
    eventPageInstances: (eventId, now) =>
      findInstancesEndingAfter(db, eventId, londonDaysToUtcRange(mondayOf(londonDateOf(now)), londonDateOf(now)).from),
    findInstance: (eventId, instanceId) => findInstanceOfEvent(db, eventId, instanceId),
    nextStarts: (eventIds, now) => findNextStarts(db, eventIds, now),
    sitemapEntries: () => eventSitemapEntries(db),
  };
}
