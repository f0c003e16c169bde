import { Router } from "express";
import type { Environment } from "nunjucks";
import { londonDateOf } from "../shared/london-time";
import {
  calendarEntryRenderer,
  calendarFileEventOf,
  eventDatesOf,
  eventFactsOf,
  upcomingInstancesOf,
  type EventsService,
  icalendarFileOf,
  parseInstanceQuery,
  parseWhatsOnQuery,
  thisWeekRequest,
  INSTANCES_API_PATH,
} from "../events";
import { sendCompressedAnswer, type AnswerHeaders } from "../cache/http/kept-answer-response";
import type { FrontDoorRoute } from "../http/front-door";
import { HttpError, notFound } from "../http/errors";
import type { SiteSettings } from "../pages";
import { eventJsonLd, structuredDataSiteOf } from "../seo";
import { redirectToSlashed } from "./slashed-redirect";

const instanceFilePattern = /^(\d{1,10})\.ics$/;

/** Public and the same for everyone: revalidated every time, a 304 when the events have not changed. */
const instancesAnswerHeaders: AnswerHeaders = { vary: "Accept-Encoding", cacheControl: "no-cache" };

/** The instances API's kept answers, for the front door (server/http/front-door.ts); a miss or a bad query is the route's. */
export function instancesApiFrontDoor(events: EventsService): FrontDoorRoute {
  return {
    path: INSTANCES_API_PATH,
    layer: "feature-routes",
    async lookup(query) {
      const parsed = parseInstanceQuery(query);
      if (!parsed.ok) return undefined;
      const answer = await events.keptInstancesAnswer(parsed.query);
      return answer && { answer, headers: instancesAnswerHeaders };
    },
  };
}

/** The instances API, the What's On page, each event's page and its "Add to calendar" files. */
export function eventRoutes(options: {
  events: EventsService;
  views: Environment;
  publicOrigin: string;
  /** PUBLIC_URL: the addresses in an event's structured data. */
  publicUrl: string;
  /** Keep rendered calendar entries (off in development, where templates change). */
  rememberRenderedEntries: boolean;
}): Router {
  const { events, views, publicOrigin, publicUrl } = options;
  const renderCalendarEntry = calendarEntryRenderer(views, { remember: options.rememberRenderedEntries });
  const router = Router({ strict: true });

  router.get(INSTANCES_API_PATH, async (req, res) => {
    const parsed = parseInstanceQuery(req.query);
    if (!parsed.ok) throw new HttpError(400, "Check the query parameters and try again.", parsed.errors);
    const answer = await events.instancesAnswer(parsed.query, renderCalendarEntry);
    sendCompressedAnswer(req, res, answer, instancesAnswerHeaders);
  });

  router.get("/whats-on/", async (req, res) => {
    // One clock reading: the week shown as "this week", and which of its performances are past.
    const now = new Date();
    const parsed = parseWhatsOnQuery(req.query, londonDateOf(now));
    if (!parsed.ok) {
      const problem = parsed.errors.date?.[0] ?? "Check the date.";
      throw new HttpError(400, problem, parsed.errors, undefined, { href: "/whats-on/", label: "See this week's listings" });
    }
    res.render("pages/whats-on.njk", await events.whatsOnPage(parsed.request, now));
  });

  // The pattern library's calendar page shows this week's real programme, so it is served here.
  router.get("/patterns/events-calendar/", async (_req, res) => {
    const now = new Date();
    res.render("pages/patterns/events-calendar.njk", await events.whatsOnPage(thisWeekRequest(londonDateOf(now)), now));
  });

  router.get("/whats-on/:slug/", async (req, res) => {
    const event = await events.findEvent(req.params.slug);
    if (!event) throw notFound();
    // One clock reading for the whole page: which dates are past, and what search engines are told.
    const now = new Date();
    const instances = await events.eventPageInstances(event.id, now);
    const site = structuredDataSiteOf(res.locals.site as SiteSettings, publicUrl);
    const structuredData = eventJsonLd(event, upcomingInstancesOf(instances, now), site);
    const dates = eventDatesOf(event, instances, now);
    res.render("pages/event.njk", { event, facts: eventFactsOf(event), dates, nextDate: dates.find((date) => !date.past), structuredData });
  });

  router.get("/whats-on/:slug/:file", async (req, res) => {
    const instanceId = Number(instanceFilePattern.exec(req.params.file)?.[1]);
    const event = Number.isSafeInteger(instanceId) ? await events.findEvent(req.params.slug) : undefined;
    const instance = event ? await events.findInstance(event.id, instanceId) : undefined;
    if (!event || !instance) throw notFound();
    const siteName = (res.locals.site as { name: string }).name;
    const file = icalendarFileOf(calendarFileEventOf(event, instance, { name: siteName, origin: publicOrigin }), {
      productOwner: siteName,
    });
    res.attachment(`${event.slug}-${londonDateOf(new Date(instance.starts_at))}.ics`);
    res.type("text/calendar; charset=utf-8").send(file);
  });

  // Every page address ends in a slash; send the slashless ones there.
  router.get(INSTANCES_API_PATH.slice(0, -1), redirectToSlashed);
  router.get("/whats-on", redirectToSlashed);
  router.get("/whats-on/:slug", redirectToSlashed);

  return router;
}
