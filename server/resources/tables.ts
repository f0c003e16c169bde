import type { Generated } from "kysely";

/*
 * Kysely row types for the resource tables created by
 * server/db/migrations/0002_content.ts, and saved_resources (0007_saved_resources.ts).
 * Conventions as server/events/tables.ts: integer ids, ISO 8601 UTC text timestamps, no booleans.
 */

export interface ResourcesTable {
  /** The stable resource_id of the spec, taken from the fixtures (never generated). */
  id: number;
  resource_type: string;
  slug: string;
  title: string;
  summary: string;
  body_html: string;
  image_url: string;
  image_alt: string;
  duration_minutes: number;
  /** A film with its poster and captions (WebVTT), all three or none. */
  video_url: string | null;
  video_poster_url: string | null;
  video_captions_url: string | null;
  /** A file to download: "/static/…" path, size in bytes and media type (read from the file when seeding). */
  download_path: string | null;
  download_bytes: number | null;
  download_type: string | null;
  published_at: string;
  updated_at: string;
}

/** One table for every resource facet, told apart by `facet` (see resource-facets.ts). */
export interface ResourceFacetTermsTable {
  id: Generated<number>;
  facet: string;
  slug: string;
  label: string;
  position: number;
}

export interface ResourceFacetsTable {
  resource_id: number;
  term_id: number;
}

/**
 * The ordered, titled sections of a resource. Ids stay stable across reseeds
 * (rows are matched on resource_id + position), because teacher notes hang off them.
 */
export interface ResourceActivitiesTable {
  id: Generated<number>;
  resource_id: number;
  position: number;
  title: string;
  body_html: string;
}

export interface SavedResourcesTable {
  constituent_id: number;
  resource_id: number;
  /** ISO 8601 UTC text. */
  saved_at: string;
}

export interface ResourceTables {
  resources: ResourcesTable;
  resource_facet_terms: ResourceFacetTermsTable;
  resource_facets: ResourceFacetsTable;
  resource_activities: ResourceActivitiesTable;
  saved_resources: SavedResourcesTable;
}
