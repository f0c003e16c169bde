import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { GalleryItemsTable } from "./tables";

/**
 * A gallery item in the shape templates/macros/gallery.njk takes: the spec's
 * gallery item fields (src, thumb, alt, subHtml, poster, video, ...).
 */
export interface GalleryItem {
  /** A photo's full image; a video has `video` instead. */
  src?: string;
  video?: { source: { src: string; type: string }[] };
  poster?: string;
  thumb: string;
  alt: string;
  width: number;
  height: number;
  /** Plain-text caption (escaped by the macro). */
  caption?: string;
  /** Trusted editor HTML caption. */
  subHtml?: string;
  subHtmlUrl?: string;
}

export interface Gallery {
  slug: string;
  title: string;
  summary: string;
  items: GalleryItem[];
}

type ItemRow = Omit<GalleryItemsTable, "id" | "gallery_id" | "position">;

function galleryItemOf(row: ItemRow): GalleryItem {
  const item: GalleryItem = { thumb: row.thumb_url, alt: row.alt, width: row.width, height: row.height };
  if (row.kind === "video") {
    item.video = { source: [{ src: row.src, type: row.video_type ?? "video/mp4" }] };
    if (row.poster_url) item.poster = row.poster_url;
  } else {
    item.src = row.src;
  }
  if (row.caption_html) item.subHtml = row.caption_html;
  else if (row.caption) item.caption = row.caption;
  if (row.caption_url) item.subHtmlUrl = row.caption_url;
  return item;
}

/** Every gallery in order, each with its items in order: the Gallery page, in one query. */
export async function loadGalleries(db: Kysely<Database>): Promise<Gallery[]> {
  const rows = await db
    .selectFrom("gallery_items as item")
    .innerJoin("galleries as gallery", "gallery.id", "item.gallery_id")
    .select([
      "gallery.slug as gallery_slug",
      "gallery.title as gallery_title",
      "gallery.summary as gallery_summary",
      "item.kind",
      "item.src",
      "item.video_type",
      "item.poster_url",
      "item.thumb_url",
      "item.alt",
      "item.width",
      "item.height",
      "item.caption",
      "item.caption_html",
      "item.caption_url",
    ])
    .orderBy("gallery.position")
    .orderBy("item.position")
    .execute();
  const galleries: Gallery[] = [];
  for (const row of rows) {
    let gallery = galleries.at(-1);
    if (gallery?.slug !== row.gallery_slug) {
      gallery = { slug: row.gallery_slug, title: row.gallery_title, summary: row.gallery_summary, items: [] };
      galleries.push(gallery);
    }
    gallery.items.push(galleryItemOf(row));
  }
  return galleries;
}
