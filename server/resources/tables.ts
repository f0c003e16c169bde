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
  teacher_notes: TeacherNotesTable;
  share_links: ShareLinksTable;
}

/* A teacher's notes on an activity (resources/notes/). */
/*
 * Kysely row type for teacher_notes (server/db/migrations/0016_teacher_notes.ts).
 * Conventions as server/resources/tables.ts: integer ids, ISO 8601 UTC text timestamps.
 */

export interface TeacherNotesTable {
  constituent_id: number;
  activity_id: number;
  /** Plain text, LF line breaks; shown escaped, never as markup. */
  content: string;
  created_at: string;
  updated_at: string;
}

/* Links a member shares to a resource (resources/share-links/). */
/* Row type for share_links (migration 0017_share_links.ts). Conventions as server/resources/tables.ts. */

export type ShareLinkType = "student" | "teacher";

export interface ShareLinksTable {
  id: Generated<number>;
  /** 32 random bytes, base64url: the link's secret. */
  token: string;
  constituent_id: number;
  resource_id: number;
  resource_type: string;
  type: ShareLinkType;
  /** ISO 8601 UTC text. */
  created_at: string;
  /** Set once the sharer revokes the link; a revoked link answers 404. */
  revoked_at: string | null;
}
