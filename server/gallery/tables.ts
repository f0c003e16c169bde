import type { Generated } from "kysely";

/*
 * Kysely row types for the Gallery page's tables (server/db/migrations/0006_people_and_galleries.ts).
 * Conventions as server/events/tables.ts: integer ids, ISO 8601 UTC text timestamps.
 */

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

export interface GalleryTables {
  galleries: GalleriesTable;
  gallery_items: GalleryItemsTable;
}
