import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inBatches } from "../shared/batches";
import type { GalleryFixture, GalleryItemFixture } from "./fixture-schema/gallery";

export interface GallerySeedCounts {
  galleries: number;
  galleryItems: number;
}

function itemRow(galleryId: number, item: GalleryItemFixture, position: number) {
  return {
    gallery_id: galleryId,
    position,
    kind: item.video ? ("video" as const) : ("photo" as const),
    // The loader has checked that a photo has src and a video has video.
    src: item.video?.src ?? (item.src as string),
    video_type: item.video?.type ?? null,
    poster_url: item.poster ?? null,
    thumb_url: item.thumb,
    alt: item.alt,
    width: item.width,
    height: item.height,
    caption: item.caption ?? null,
    caption_html: item.caption_html ?? null,
    caption_url: item.caption_url ?? null,
  };
}

/**
 * Upserts galleries by slug, then replaces each seeded gallery's items with
 * the file's (items have no identity of their own). Run inside the seeding transaction.
 */
export async function seedGalleries(db: Kysely<Database>, galleries: readonly GalleryFixture[], now: Date): Promise<GallerySeedCounts> {
  if (galleries.length === 0) return { galleries: 0, galleryItems: 0 };
  const timestamp = now.toISOString();
  const stored = await db
    .insertInto("galleries")
    .values(galleries.map((gallery, position) => ({ slug: gallery.slug, title: gallery.title, summary: gallery.summary, position, updated_at: timestamp })))
    .onConflict((conflict) =>
      conflict.column("slug").doUpdateSet((update) => ({
        title: update.ref("excluded.title"),
        summary: update.ref("excluded.summary"),
        position: update.ref("excluded.position"),
        updated_at: update.ref("excluded.updated_at"),
      })),
    )
    .returning(["id", "slug"])
    .execute();
  const idBySlug = new Map(stored.map((gallery) => [gallery.slug, gallery.id]));
  const galleryIds = [...idBySlug.values()];
  await db.deleteFrom("gallery_items").where("gallery_id", "in", galleryIds).execute();
  const items = galleries.flatMap((gallery) =>
    gallery.items.map((item, position) => itemRow(idBySlug.get(gallery.slug) as number, item, position)),
  );
  for (const batch of inBatches(items)) {
    await db.insertInto("gallery_items").values(batch).execute();
  }
  return { galleries: galleries.length, galleryItems: items.length };
}
