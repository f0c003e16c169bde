import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { eventUrl } from "./content-urls";
import { formatLondonDateTimeLabel } from "./london-time";

/** An event as a card: what templates/macros/event-card.njk shows. */
export interface EventCard {
  title: string;
  slug: string;
  url: string;
  summary: string;
  imageUrl: string;
  imageAlt: string;
  eventType: string;
  venue: string;
  /** UTC ISO 8601. */
  nextStart: string;
  /** "Sat 28 Nov, 7.30pm" in London time. */
  nextStartLabel: string;
}

/** Events in order of their next instance from `now`; events with nothing to come are left out. */
export async function loadUpcomingEventCards(db: Kysely<Database>, now: Date, limit: number): Promise<EventCard[]> {
  const rows = await db
    .selectFrom((query) =>
      query
        .selectFrom("event_instances")
        .select(["event_id", (expression) => expression.fn.min("starts_at").as("next_start")])
        .where("starts_at", ">=", now.toISOString())
        .groupBy("event_id")
        .as("upcoming"),
    )
    .innerJoin("events", "events.id", "upcoming.event_id")
    .innerJoin("event_taxonomy_terms as event_type", "event_type.id", "events.event_type_id")
    .innerJoin("event_taxonomy_terms as venue", "venue.id", "events.venue_id")
    .select([
      "events.title",
      "events.slug",
      "events.summary",
      "events.image_url",
      "events.image_alt",
      "event_type.label as event_type",
      "venue.label as venue",
      "upcoming.next_start",
    ])
    .orderBy("upcoming.next_start")
    .orderBy("events.title")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    title: row.title,
    slug: row.slug,
    url: eventUrl(row.slug),
    summary: row.summary,
    imageUrl: row.image_url,
    imageAlt: row.image_alt,
    eventType: row.event_type,
    venue: row.venue,
    nextStart: row.next_start,
    nextStartLabel: formatLondonDateTimeLabel(row.next_start),
  }));
}
