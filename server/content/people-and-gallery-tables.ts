import type { Generated } from "kysely";

/*
 * Kysely row types for the tables of server/db/migrations/0006_people_and_galleries.ts.
 * Conventions as tables.ts: integer ids, ISO 8601 UTC text timestamps.
 */

/** A group on the People page, e.g. "Artistic team". */
export interface PeopleTeamsTable {
  id: Generated<number>;
  slug: string;
  label: string;
  intro: string;
  position: number;
}

export interface PeopleTable {
  id: Generated<number>;
  slug: string;
  team_id: number;
  /** Order within the team. */
  position: number;
  name: string;
  role: string;
  portrait_url: string | null;
  /** Empty when the name beside the portrait says who it is. */
  portrait_alt: string;
  /** Trusted editor HTML from the content files. */
  bio_html: string;
  updated_at: string;
}

export interface GalleriesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string;
  position: number;
  updated_at: string;
}

export type GalleryItemKind = "photo" | "video";

/** One picture or video: the spec's gallery item fields, as stored. */
export interface GalleryItemsTable {
  id: Generated<number>;
  gallery_id: number;
  position: number;
  kind: GalleryItemKind;
  /** The full image, or the video file. */
  src: string;
  /** The video file's MIME type, e.g. "video/webm". */
  video_type: string | null;
  poster_url: string | null;
  thumb_url: string;
  alt: string;
  /** The thumbnail's size in pixels. */
  width: number;
  height: number;
  /** Plain-text caption. */
  caption: string | null;
  /** Trusted editor HTML caption (used instead of caption when given). */
  caption_html: string | null;
  /** A URL whose response is the lightbox caption's HTML. */
  caption_url: string | null;
}

export interface PeopleAndGalleryTables {
  people_teams: PeopleTeamsTable;
  people: PeopleTable;
  galleries: GalleriesTable;
  gallery_items: GalleryItemsTable;
}
