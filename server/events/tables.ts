import type { Generated } from "kysely";

/*
 * Kysely row types for the event tables created by
 * server/db/migrations/0002_content.ts.
 *
 * Portable conventions, the same on SQLite and PostgreSQL:
 * - ids are 32-bit integers (PostgreSQL `integer`, so `pg` returns numbers);
 * - timestamps are ISO 8601 UTC text ('2026-11-21T19:30:00.000Z'), which
 *   sorts and compares correctly as text on both engines;
 * - no booleans: "published" is a nullable published_at timestamp.
 */

/** One table for every event taxonomy, told apart by `taxonomy` (see event-taxonomies.ts). */
export interface EventTaxonomyTermsTable {
  id: Generated<number>;
  taxonomy: string;
  slug: string;
  label: string;
  /** Order in filter selects. */
  position: number;
}

export interface EventsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string;
  description_html: string;
  image_url: string;
  image_alt: string;
  /** e.g. "£12–£32", "Free, booking required". */
  price_text: string | null;
  /** e.g. "Recommended for ages 12+". */
  age_guidance: string | null;
  event_type_id: number;
  genre_id: number | null;
  season_id: number;
  series_id: number | null;
  venue_id: number;
  access_type_id: number | null;
  /** The event's booking page (a site path or an http(s) URL); null: no online booking. */
  booking_url: string | null;
  updated_at: string;
}

export interface EventInstancesTable {
  id: Generated<number>;
  event_id: number;
  starts_at: string;
  ends_at: string;
  /** This performance's own booking page, when it differs from the event's. */
  booking_url: string | null;
  /** "limited" or "sold-out" (server/domain/performance-availability.ts); null is available. */
  availability: string | null;
}

export interface EventTables {
  event_taxonomy_terms: EventTaxonomyTermsTable;
  events: EventsTable;
  event_instances: EventInstancesTable;
}
