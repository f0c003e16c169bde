import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inBatches } from "../shared/batches";
import { EVENT_TAXONOMIES, EVENT_TAXONOMY_COLUMNS, type EventTaxonomy } from "../events";
import { expandEventSchedule } from "./event-schedule";
import type { EventFixture } from "./fixture-schema/events";
import type { EventsContent } from "./load-fixtures";
import { seedEventTerms, type TermIds } from "./seed-terms";

export interface EventsSeedCounts {
  events: number;
  eventInstances: number;
}

type TermColumns = { [Taxonomy in EventTaxonomy as (typeof EVENT_TAXONOMY_COLUMNS)[Taxonomy]]: number | null };

function termColumnsOf(event: EventFixture, termIds: TermIds): TermColumns {
  const columns = {} as Record<string, number | null>;
  for (const taxonomy of EVENT_TAXONOMIES) {
    const slug = event[taxonomy];
    // The loader has checked every slug, so a missing id means an optional taxonomy left out.
    columns[EVENT_TAXONOMY_COLUMNS[taxonomy]] = slug === undefined ? null : (termIds.get(taxonomy)?.get(slug) ?? null);
  }
  return columns as TermColumns;
}

async function upsertEvents(db: Kysely<Database>, events: readonly EventFixture[], termIds: TermIds, timestamp: string) {
  const idBySlug = new Map<string, number>();
  for (const batch of inBatches(events)) {
    const rows = batch.map((event) => {
      const terms = termColumnsOf(event, termIds);
      return {
        slug: event.slug,
        title: event.title,
        summary: event.summary,
        description_html: event.description_html,
        image_url: event.image_url,
        image_alt: event.image_alt,
        price_text: event.price ?? null,
        age_guidance: event.age_guidance ?? null,
        booking_url: event.booking_url ?? null,
        ...terms,
        event_type_id: terms.event_type_id as number,
        season_id: terms.season_id as number,
        venue_id: terms.venue_id as number,
        updated_at: timestamp,
      };
    });
    const stored = await db
      .insertInto("events")
      .values(rows)
      .onConflict((conflict) =>
        conflict.column("slug").doUpdateSet((update) => ({
          title: update.ref("excluded.title"),
          summary: update.ref("excluded.summary"),
          description_html: update.ref("excluded.description_html"),
          image_url: update.ref("excluded.image_url"),
          image_alt: update.ref("excluded.image_alt"),
          price_text: update.ref("excluded.price_text"),
          age_guidance: update.ref("excluded.age_guidance"),
          booking_url: update.ref("excluded.booking_url"),
          event_type_id: update.ref("excluded.event_type_id"),
          genre_id: update.ref("excluded.genre_id"),
          season_id: update.ref("excluded.season_id"),
          series_id: update.ref("excluded.series_id"),
          venue_id: update.ref("excluded.venue_id"),
          access_type_id: update.ref("excluded.access_type_id"),
          updated_at: update.ref("excluded.updated_at"),
        })),
      )
      .returning(["id", "slug"])
      .execute();
    for (const row of stored) idBySlug.set(row.slug, row.id);
  }
  return idBySlug;
}

/**
 * Upserts taxonomy terms and events by slug, then replaces each seeded event's
 * instances with the ones its rules give for this seeding day. Run it inside
 * a transaction so no reader sees an event without its instances.
 */
export async function seedEvents(
  db: Kysely<Database>,
  content: EventsContent,
  now: Date,
  seedingDate: string,
): Promise<EventsSeedCounts> {
  const termIds = await seedEventTerms(db, content.taxonomies);
  const idBySlug = await upsertEvents(db, content.events, termIds, now.toISOString());
  const eventIds = [...idBySlug.values()];
  for (const batch of inBatches(eventIds)) {
    await db.deleteFrom("event_instances").where("event_id", "in", batch).execute();
  }
  const instances = content.events.flatMap((event) =>
    expandEventSchedule(event, seedingDate).map((times) => ({ event_id: idBySlug.get(event.slug) as number, ...times })),
  );
  for (const batch of inBatches(instances)) {
    await db.insertInto("event_instances").values(batch).execute();
  }
  return { events: content.events.length, eventInstances: instances.length };
}
