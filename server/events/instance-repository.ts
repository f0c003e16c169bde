import { sql, type Kysely } from "kysely";
import { EVENT_TAXONOMY_COLUMNS, type EventTaxonomy } from "./event-taxonomies";
import type { Database } from "../db/schema";
import type { InstanceFilters } from "./instance-query";

/** One instance with what listing it needs from its event: one row per instance, from one query. */
export interface InstanceRow {
  id: number;
  /** UTC ISO 8601. */
  starts_at: string;
  ends_at: string;
  event_id: number;
  event_slug: string;
  event_title: string;
  venue_slug: string;
  venue_label: string;
  access_type_slug: string | null;
  access_type_label: string | null;
  /** As stored: "limited", "sold-out" or null. */
  availability: string | null;
}

/** UTC ISO bounds: instances starting at or after `from` and before `before`. */
export interface StartRange {
  from: string;
  before: string;
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function likeContaining(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Instances starting in the range that match every filter, sorted by start
 * (then title, then id, so equal starts keep a stable order). The range uses
 * the starts_at index; taxonomy filters are subqueries on term slugs, so an
 * unknown slug matches nothing. The title match is case-insensitive (on
 * SQLite for ASCII letters only, as its lower() is).
 */
export async function findInstancesStartingIn(
  db: Kysely<Database>,
  range: StartRange,
  filters: InstanceFilters,
): Promise<InstanceRow[]> {
  let query = db
    .selectFrom("event_instances as instance")
    .innerJoin("events as event", "event.id", "instance.event_id")
    .innerJoin("event_taxonomy_terms as venue", "venue.id", "event.venue_id")
    .leftJoin("event_taxonomy_terms as access_type", "access_type.id", "event.access_type_id")
    .select([
      "instance.id",
      "instance.starts_at",
      "instance.ends_at",
      "event.id as event_id",
      "event.slug as event_slug",
      "event.title as event_title",
      "venue.slug as venue_slug",
      "venue.label as venue_label",
      "access_type.slug as access_type_slug",
      "access_type.label as access_type_label",
      "instance.availability",
    ])
    .where("instance.starts_at", ">=", range.from)
    .where("instance.starts_at", "<", range.before);

  for (const [taxonomy, slugs] of Object.entries(filters.terms) as [EventTaxonomy, string[]][]) {
    query = query.where(`event.${EVENT_TAXONOMY_COLUMNS[taxonomy]}`, "in", (eb) =>
      eb.selectFrom("event_taxonomy_terms").select("id").where("taxonomy", "=", taxonomy).where("slug", "in", slugs),
    );
  }
  if (filters.eventTitle !== undefined) {
    query = query.where(sql<boolean>`lower(${sql.ref("event.title")}) like ${likeContaining(filters.eventTitle)} escape '\\'`);
  }

  return query.orderBy("instance.starts_at").orderBy("event.title").orderBy("instance.id").execute();
}
