import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inBatches } from "./batches";
import { resolveDay } from "./event-schedule";
import type { ResourceFixture } from "./fixture-schema/resources";
import type { ResourcesContent } from "./load-fixtures";
import { londonWallClockToUtc } from "../shared/london-time";
import { RESOURCE_FACETS } from "../domain/resource-taxonomy";
import { seedResourceTerms, type TermIds } from "./seed-terms";
import { statSync } from "node:fs";
import path from "node:path";
import { staticDir } from "../paths";
import { DOWNLOAD_EXTENSIONS, downloadMediaTypeOf } from "../domain/download-files";
import { FixtureValidationError } from "./fixture-errors";

export interface ResourcesSeedCounts {
  resources: number;
  resourceActivities: number;
}

/** Resources are "published" at the start of the working day. */
const PUBLISHING_TIME = "09:00";

/** A download's file as stored: its path, and its size and type read from the file itself, so the page never claims a wrong size. */
function downloadColumnsOf(resource: ResourceFixture, files: string) {
  if (!resource.download) return { download_path: null, download_bytes: null, download_type: null };
  const where = `resources: resource ${resource.id} ("${resource.slug}"): download`;
  const mediaType = downloadMediaTypeOf(resource.download);
  if (!mediaType) throw new FixtureValidationError([`${where}: expected a file ending in one of: ${DOWNLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(", ")}`]);
  const file = path.join(files, resource.download.slice("/static/".length));
  let bytes: number;
  try {
    bytes = statSync(file).size;
  } catch {
    throw new FixtureValidationError([`${where}: there is no file ${resource.download} (looked for ${file}); put it under static/`]);
  }
  return { download_path: resource.download, download_bytes: bytes, download_type: mediaType };
}

function videoColumnsOf(resource: ResourceFixture) {
  return {
    video_url: resource.video?.url ?? null,
    video_poster_url: resource.video?.poster_url ?? null,
    video_captions_url: resource.video?.captions_url ?? null,
  };
}

async function upsertResources(db: Kysely<Database>, batch: readonly ResourceFixture[], seedingDate: string, timestamp: string, files: string) {
  await db
    .insertInto("resources")
    .values(
      batch.map((resource) => ({
        id: resource.id,
        resource_type: resource.resource_type,
        slug: resource.slug,
        title: resource.title,
        summary: resource.summary,
        body_html: resource.body_html,
        image_url: resource.image_url,
        image_alt: resource.image_alt,
        duration_minutes: resource.duration_minutes,
        ...videoColumnsOf(resource),
        ...downloadColumnsOf(resource, files),
        published_at: londonWallClockToUtc(resolveDay(resource.published, seedingDate), PUBLISHING_TIME).toISOString(),
        updated_at: timestamp,
      })),
    )
    .onConflict((conflict) =>
      conflict.column("id").doUpdateSet((update) => ({
        resource_type: update.ref("excluded.resource_type"),
        slug: update.ref("excluded.slug"),
        title: update.ref("excluded.title"),
        summary: update.ref("excluded.summary"),
        body_html: update.ref("excluded.body_html"),
        image_url: update.ref("excluded.image_url"),
        image_alt: update.ref("excluded.image_alt"),
        duration_minutes: update.ref("excluded.duration_minutes"),
        video_url: update.ref("excluded.video_url"),
        video_poster_url: update.ref("excluded.video_poster_url"),
        video_captions_url: update.ref("excluded.video_captions_url"),
        download_path: update.ref("excluded.download_path"),
        download_bytes: update.ref("excluded.download_bytes"),
        download_type: update.ref("excluded.download_type"),
        published_at: update.ref("excluded.published_at"),
        updated_at: update.ref("excluded.updated_at"),
      })),
    )
    .execute();
}

async function replaceFacets(db: Kysely<Database>, batch: readonly ResourceFixture[], termIds: TermIds) {
  await db.deleteFrom("resource_facets").where("resource_id", "in", batch.map((resource) => resource.id)).execute();
  const links = batch.flatMap((resource) =>
    RESOURCE_FACETS.flatMap((facet) =>
      [...new Set(resource[facet])].map((slug) => ({ resource_id: resource.id, term_id: termIds.get(facet)?.get(slug) as number })),
    ),
  );
  for (const linkBatch of inBatches(links)) await db.insertInto("resource_facets").values(linkBatch).execute();
}

/**
 * Activities are matched on (resource, position) so their ids survive a
 * reseed: teacher notes refer to them. Positions past the new list are removed.
 */
async function upsertActivities(db: Kysely<Database>, batch: readonly ResourceFixture[]): Promise<number> {
  const rows = batch.flatMap((resource) =>
    resource.activities.map((activity, position) => ({ resource_id: resource.id, position, ...activity })),
  );
  for (const rowBatch of inBatches(rows)) {
    await db
      .insertInto("resource_activities")
      .values(rowBatch)
      .onConflict((conflict) =>
        conflict.columns(["resource_id", "position"]).doUpdateSet((update) => ({
          title: update.ref("excluded.title"),
          body_html: update.ref("excluded.body_html"),
        })),
      )
      .execute();
  }
  // One delete per distinct activity count, rather than one per resource.
  const resourceIdsByCount = new Map<number, number[]>();
  for (const resource of batch) {
    const sameCount = resourceIdsByCount.get(resource.activities.length);
    if (sameCount) sameCount.push(resource.id);
    else resourceIdsByCount.set(resource.activities.length, [resource.id]);
  }
  for (const [count, resourceIds] of resourceIdsByCount) {
    await db
      .deleteFrom("resource_activities")
      .where("resource_id", "in", resourceIds)
      .where("position", ">=", count)
      .execute();
  }
  return rows.length;
}

/**
 * Resources are keyed by id but slugs are unique too, so a file that moves a
 * slug to another id (a regenerated or renumbered file) would collide with
 * the row that holds it now. Such rows get a temporary slug, `<slug>--<id>`,
 * and take their new one from the file when they are upserted.
 */
async function releaseReassignedSlugs(db: Kysely<Database>, resources: readonly ResourceFixture[]) {
  const idBySlug = new Map(resources.map((resource) => [resource.slug, resource.id]));
  for (const batch of inBatches([...idBySlug.keys()])) {
    const holders = await db.selectFrom("resources").select(["id", "slug"]).where("slug", "in", batch).execute();
    for (const holder of holders.filter((row) => row.id !== idBySlug.get(row.slug))) {
      await db.updateTable("resources").set({ slug: `${holder.slug}--${holder.id}` }).where("id", "=", holder.id).execute();
    }
  }
}

/**
 * Upserts facet terms and resources by resource id, with their facets and
 * activities. Run inside a transaction. `files` is where "/static/…"
 * downloads are found (the site's static/ folder).
 */
export async function seedResources(
  db: Kysely<Database>,
  content: ResourcesContent,
  now: Date,
  seedingDate: string,
  files: string = staticDir,
): Promise<ResourcesSeedCounts> {
  const termIds = await seedResourceTerms(db, content.facets);
  await releaseReassignedSlugs(db, content.resources);
  let resourceActivities = 0;
  for (const batch of inBatches(content.resources)) {
    await upsertResources(db, batch, seedingDate, now.toISOString(), files);
    await replaceFacets(db, batch, termIds);
    resourceActivities += await upsertActivities(db, batch);
  }
  return { resources: content.resources.length, resourceActivities };
}
