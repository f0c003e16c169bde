import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { RESOURCE_FACETS, type ResourceFacet } from "../domain/resource-taxonomy";
import { inBatches } from "../shared/batches";
import type { ResourcesTable } from "./tables";

/*
 * Seeding's way into resources' tables: the content seed (server/content/)
 * resolves the fixture file into these records, and this writes them.
 */

/** A facet term as the fixture lists it; its position is its place in the list. */
export interface FacetTermSeed {
  slug: string;
  label: string;
}

/** A resource's columns (resolved from its fixture), its facet term slugs and its ordered activities. */
export type ResourceSeed = Omit<ResourcesTable, "updated_at"> & {
  facets: Record<ResourceFacet, readonly string[]>;
  activities: readonly { title: string; body_html: string }[];
};

export interface ResourcesSeedCounts {
  resources: number;
  resourceActivities: number;
}

/** term id by facet, then slug. */
type TermIds = Map<string, Map<string, number>>;

/** Upserts facet terms by (facet, slug); returns every stored term's id. */
async function upsertFacetTerms(db: Kysely<Database>, lists: Record<string, readonly FacetTermSeed[]>): Promise<TermIds> {
  const rows = Object.entries(lists).flatMap(([facet, terms]) =>
    terms.map((term, position) => ({ facet, slug: term.slug, label: term.label, position })),
  );
  if (rows.length > 0) {
    await db
      .insertInto("resource_facet_terms")
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(["facet", "slug"]).doUpdateSet((update) => ({
          label: update.ref("excluded.label"),
          position: update.ref("excluded.position"),
        })),
      )
      .execute();
  }
  const ids: TermIds = new Map();
  for (const row of await db.selectFrom("resource_facet_terms").select(["facet", "slug", "id"]).execute()) {
    const bySlug = ids.get(row.facet) ?? new Map<string, number>();
    bySlug.set(row.slug, row.id);
    ids.set(row.facet, bySlug);
  }
  return ids;
}

async function upsertResources(db: Kysely<Database>, batch: readonly ResourceSeed[], timestamp: string) {
  await db
    .insertInto("resources")
    .values(batch.map(({ facets: _facets, activities: _activities, ...columns }) => ({ ...columns, updated_at: timestamp })))
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

async function replaceFacets(db: Kysely<Database>, batch: readonly ResourceSeed[], termIds: TermIds) {
  await db.deleteFrom("resource_facets").where("resource_id", "in", batch.map((resource) => resource.id)).execute();
  const links = batch.flatMap((resource) =>
    RESOURCE_FACETS.flatMap((facet) =>
      [...new Set(resource.facets[facet])].map((slug) => ({ resource_id: resource.id, term_id: termIds.get(facet)?.get(slug) as number })),
    ),
  );
  for (const linkBatch of inBatches(links)) await db.insertInto("resource_facets").values(linkBatch).execute();
}

/**
 * Activities are matched on (resource, position) so their ids survive a
 * reseed: teacher notes refer to them. Positions past the new list are removed.
 */
async function upsertActivities(db: Kysely<Database>, batch: readonly ResourceSeed[]): Promise<number> {
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
async function releaseReassignedSlugs(db: Kysely<Database>, resources: readonly ResourceSeed[]) {
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
 * activities; resources no longer listed are left alone. Run inside a
 * transaction.
 */
export async function seedResourceRecords(
  db: Kysely<Database>,
  seed: { facets: Record<string, readonly FacetTermSeed[]>; resources: readonly ResourceSeed[] },
  now: Date,
): Promise<ResourcesSeedCounts> {
  const termIds = await upsertFacetTerms(db, seed.facets);
  await releaseReassignedSlugs(db, seed.resources);
  let resourceActivities = 0;
  for (const batch of inBatches(seed.resources)) {
    await upsertResources(db, batch, now.toISOString());
    await replaceFacets(db, batch, termIds);
    resourceActivities += await upsertActivities(db, batch);
  }
  return { resources: seed.resources.length, resourceActivities };
}
