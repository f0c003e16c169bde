import type { Kysely, Selectable } from "kysely";
import { EVENT_TAXONOMIES, type EventTaxonomy } from "./event-taxonomies";
import type { EventsTable } from "./tables";
import type { Database } from "../db/schema";
import type { TermValue } from "./instance-items";

/** An event with its taxonomy terms, as its page shows it. */
export type EventDetails = Pick<
  Selectable<EventsTable>,
  // description_html is trusted editor HTML from the content files.
  "id" | "slug" | "title" | "summary" | "description_html" | "image_url" | "image_alt" | "price_text" | "age_guidance" | "booking_url" | "updated_at"
> & { terms: Partial<Record<EventTaxonomy, TermValue>> };

export interface InstanceTimes {
  id: number;
  starts_at: string;
  ends_at: string;
  /** This performance's own booking page; null: the event's. */
  booking_url: string | null;
  /** As stored: "limited", "sold-out" or null (server/domain/performance-availability.ts). */
  availability: string | null;
}

const INSTANCE_COLUMNS = ["id", "starts_at", "ends_at", "booking_url", "availability"] as const;

/** Every taxonomy's terms in their editor-given order: the What's On filter choices. */
export async function loadTaxonomyTerms(db: Kysely<Database>): Promise<Record<EventTaxonomy, TermValue[]>> {
  const rows = await db
    .selectFrom("event_taxonomy_terms")
    .select(["taxonomy", "slug", "label"])
    .orderBy("taxonomy")
    .orderBy("position")
    .orderBy("label")
    .execute();
  const terms = Object.fromEntries(EVENT_TAXONOMIES.map((taxonomy) => [taxonomy, [] as TermValue[]])) as Record<EventTaxonomy, TermValue[]>;
  for (const row of rows) terms[row.taxonomy as EventTaxonomy]?.push({ slug: row.slug, label: row.label });
  return terms;
}

export async function findEventBySlug(db: Kysely<Database>, slug: string): Promise<EventDetails | undefined> {
  const event = await db
    .selectFrom("events")
    .select([
      "id",
      "slug",
      "title",
      "summary",
      "description_html",
      "image_url",
      "image_alt",
      "price_text",
      "age_guidance",
      "booking_url",
      "updated_at",
      "event_type_id",
      "genre_id",
      "season_id",
      "series_id",
      "venue_id",
      "access_type_id",
    ])
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!event) return undefined;
  const { event_type_id, genre_id, season_id, series_id, venue_id, access_type_id, ...details } = event;
  const termIds = {
    event_type: event_type_id,
    genre: genre_id,
    season: season_id,
    series: series_id,
    venue: venue_id,
    access_type: access_type_id,
  } satisfies Record<EventTaxonomy, number | null>;
  const ids = Object.values(termIds).filter((id): id is number => id !== null);
  const termRows = await db.selectFrom("event_taxonomy_terms").select(["id", "slug", "label"]).where("id", "in", ids).execute();
  const termsById = new Map(termRows.map((term) => [term.id, { slug: term.slug, label: term.label }]));
  const terms: EventDetails["terms"] = {};
  for (const taxonomy of EVENT_TAXONOMIES) {
    const term = termIds[taxonomy] === null ? undefined : termsById.get(termIds[taxonomy]);
    if (term) terms[taxonomy] = term;
  }
  return { ...details, terms };
}

/** The event's instances that end after `since` (UTC ISO), soonest first. */
export async function findInstancesEndingAfter(db: Kysely<Database>, eventId: number, since: string): Promise<InstanceTimes[]> {
  return db
    .selectFrom("event_instances")
    .select(INSTANCE_COLUMNS)
    .where("event_id", "=", eventId)
    .where("ends_at", ">", since)
    .orderBy("starts_at")
    .orderBy("id")
    .execute();
}

/** One instance of an event, past or future, for its calendar file. */
export async function findInstanceOfEvent(db: Kysely<Database>, eventId: number, instanceId: number): Promise<InstanceTimes | undefined> {
  return db
    .selectFrom("event_instances")
    .select(INSTANCE_COLUMNS)
    .where("event_id", "=", eventId)
    .where("id", "=", instanceId)
    .executeTakeFirst();
}

/** The start of each event's next instance not yet ended at `now`; events with none are left out. */
export async function findNextStarts(db: Kysely<Database>, eventIds: readonly number[], now: Date): Promise<Map<number, string>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("event_instances")
    .select(["event_id", (eb) => eb.fn.min("starts_at").as("starts_at")])
    .where("event_id", "in", [...eventIds])
    .where("ends_at", ">", now.toISOString())
    .groupBy("event_id")
    .execute();
  return new Map(rows.map((row) => [Number(row.event_id), String(row.starts_at)]));
}
