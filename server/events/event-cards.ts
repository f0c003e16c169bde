import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ContentCard } from "../shared/content-card";
import { eventUrl } from "../shared/content-urls";
import { formatLondonDateTimeLabel } from "../shared/london-time";

/** An event as a card: what templates/macros/event-card.njk shows. */
export interface EventCard extends ContentCard {
  eventType: string;
  venue: string;
  /** UTC ISO 8601. */
  nextStart: string;
  /** "Sat 28 Nov, 7.30pm" in London time. */
  nextStartLabel: string;
}

/**
 * Events in order of their next instance from `now`; events with nothing to
 * come are left out. Each event's next start is one seek on the
 * (event_id, starts_at) index, so the cost follows the number of events, not
 * of instances (aggregating every future instance took most of the home
 * page's time at 20,000 instances; docs/performance.md).
 */
export async function loadUpcomingEventCards(db: Kysely<Database>, now: Date, limit: number): Promise<EventCard[]> {
  const from = now.toISOString();
  const rows = await db
    .selectFrom((query) =>
      query
        .selectFrom("events")
        .select((expression) => [
          "events.id as event_id",
          expression
            .selectFrom("event_instances")
            .select("event_instances.starts_at")
            .whereRef("event_instances.event_id", "=", "events.id")
            .where("event_instances.starts_at", ">=", from)
            .orderBy("event_instances.starts_at")
            .limit(1)
            .as("next_start"),
        ])
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
    .where("upcoming.next_start", "is not", null)
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
    // Never null: the query leaves out events with nothing to come.
    nextStart: row.next_start!,
    nextStartLabel: formatLondonDateTimeLabel(row.next_start!),
  }));
}
