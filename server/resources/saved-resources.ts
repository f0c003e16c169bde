import { hotQuery } from "../db/hot-query";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { resourceUrl } from "../shared/content-urls";
import { resourceCardColumns, toResourceCards, type ResourceCard } from "./resource-cards";
import type { SavedResourcesTable } from "./tables";

/*
 * Saved resources: storage for POST /account/save-resource/ and the
 * Saved resources tab of My account. No request handling here; the route
 * (server/routes/save-resource.ts) validates input before calling in.
 */

/** The resource a save request names, as the notice and the redirect need it. */
export interface SaveableResource {
  id: number;
  resourceType: string;
  slug: string;
  title: string;
}

/** A saved resource as the Saved resources tab shows it. */
export interface SavedResourceCard extends ResourceCard {
  resourceId: number;
  resourceType: string;
  savedAt: string;
}

/** Which of `resourceIds` the person saved: one query, none for a visitor or an empty list. */
/** Read for every listing and resource page a signed-in person sees: compiled once per number of resources (db/hot-query.ts). */
const savedAmong = hotQuery((db, constituentId: number, resourceIds: readonly number[]) =>
  db.selectFrom("saved_resources").select("resource_id").where("constituent_id", "=", constituentId).where("resource_id", "in", resourceIds),
);

export async function savedResourceIdsFor(
  db: Kysely<Database>,
  constituentId: number | null,
  resourceIds: readonly number[],
): Promise<Set<number>> {
  if (constituentId === null || resourceIds.length === 0) return new Set();
  const rows = await savedAmong(db, constituentId, [...new Set(resourceIds)]);
  return new Set(rows.map((row) => row.resource_id));
}

/**
 * Saves or unsaves. Idempotent: saving something already saved keeps its
 * first saved_at, and unsaving something never saved deletes nothing.
 */
export async function setResourceSaved(
  db: Kysely<Database>,
  constituentId: number,
  resourceId: number,
  toSave: boolean,
  now: Date = new Date(),
): Promise<void> {
  if (toSave) {
    const row: SavedResourcesTable = { constituent_id: constituentId, resource_id: resourceId, saved_at: now.toISOString() };
    // ON CONFLICT DO NOTHING is the same SQL on SQLite and PostgreSQL, and safe against a double click's race.
    await db
      .insertInto("saved_resources")
      .values(row)
      .onConflict((conflict) => conflict.columns(["constituent_id", "resource_id"]).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom("saved_resources")
      .where("constituent_id", "=", constituentId)
      .where("resource_id", "=", resourceId)
      .execute();
  }
}

/**
 * The published resource with this id and type, or undefined: an unknown id,
 * a type that does not match the id, or a resource not yet published are all
 * "not found" (404), so the endpoint never reveals unpublished resources.
 */
export async function findSaveableResource(
  db: Kysely<Database>,
  resourceId: number,
  resourceType: string,
  now: Date = new Date(),
): Promise<SaveableResource | undefined> {
  const row = await db
    .selectFrom("resources")
    .select(["id", "resource_type", "slug", "title"])
    .where("id", "=", resourceId)
    .where("resource_type", "=", resourceType)
    .where("published_at", "<=", now.toISOString())
    .executeTakeFirst();
  return row && { id: row.id, resourceType: row.resource_type, slug: row.slug, title: row.title };
}

/** A member's saved, published resources, newest save first, built once (db/hot-query.ts): My account lists them on every view. */
const savedCardRows = hotQuery((db, constituentId: number, publishedBy: string) =>
  db
    .selectFrom("saved_resources")
    .innerJoin("resources", "resources.id", "saved_resources.resource_id")
    .select([...resourceCardColumns, "saved_resources.saved_at"])
    .where("saved_resources.constituent_id", "=", constituentId)
    .where("resources.published_at", "<=", publishedBy)
    .orderBy("saved_resources.saved_at", "desc")
    .orderBy("resources.id", "desc"),
);

/** The person's saved resources as cards, newest saved first (published resources only). */
export async function listSavedResources(
  db: Kysely<Database>,
  constituentId: number,
  now: Date = new Date(),
): Promise<SavedResourceCard[]> {
  const rows = await savedCardRows(db, constituentId, now.toISOString());
  const cards = await toResourceCards(db, rows);
  return cards.map((card, index) => {
    const row = rows[index]!;
    return { ...card, url: resourceUrl(row.slug), resourceId: row.id, resourceType: row.resource_type, savedAt: row.saved_at };
  });
}

/**
 * Carries out a validated save request: the resource must exist with that
 * type (undefined otherwise, for a 404), then the flag is set idempotently.
 */
export async function applySaveRequest(
  db: Kysely<Database>,
  constituentId: number,
  request: { resourceId: number; resourceType: string; toSave: boolean },
  now: Date = new Date(),
): Promise<SaveableResource | undefined> {
  const resource = await findSaveableResource(db, request.resourceId, request.resourceType, now);
  if (resource) await setResourceSaved(db, constituentId, resource.id, request.toSave, now);
  return resource;
}

/** Every resource the person saved, published or not, oldest first: their copy (docs/my-account.md, "Download my data"). */
export async function savedResourcesForExport(db: Kysely<Database>, constituentId: number) {
  const rows = await db
    .selectFrom("saved_resources")
    .innerJoin("resources", "resources.id", "saved_resources.resource_id")
    .select(["resources.id", "resources.title", "resources.slug", "saved_resources.saved_at"])
    .where("saved_resources.constituent_id", "=", constituentId)
    .orderBy("saved_resources.saved_at")
    .orderBy("resources.id")
    .execute();
  return rows.map((row) => ({ resourceId: row.id, title: row.title, url: resourceUrl(row.slug), savedAt: row.saved_at }));
}

/** Forgets every resource the person saved (a deleted account). */
export async function forgetSavedResources(db: Kysely<Database>, constituentId: number): Promise<void> {
  await db.deleteFrom("saved_resources").where("constituent_id", "=", constituentId).execute();
}
