import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { ShareLinkType } from "./tables";

/* The share_links queries (migration 0017_share_links.ts). */

export interface NewShareLink {
  personId: number;
  resourceId: number;
  resourceType: string;
  type: ShareLinkType;
}

/** A live (not revoked) link with the published resource it opens. */
export interface LiveShareLink {
  token: string;
  type: ShareLinkType;
  sharerId: number;
  resourceId: number;
  slug: string;
}

/** A published resource of that id and type, or undefined. */
export async function findShareableResource(
  db: Kysely<Database>,
  resource: { id: number; resourceType: string },
  now: Date,
): Promise<{ id: number; slug: string; resourceType: string } | undefined> {
  const row = await db
    .selectFrom("resources")
    .select(["id", "slug", "resource_type"])
    .where("id", "=", resource.id)
    .where("resource_type", "=", resource.resourceType)
    .where("published_at", "<=", now.toISOString())
    .executeTakeFirst();
  return row && { id: row.id, slug: row.slug, resourceType: row.resource_type };
}

/** The person's live links for one resource, by type. */
export async function liveTokensFor(db: Kysely<Database>, personId: number, resourceId: number): Promise<Partial<Record<ShareLinkType, string>>> {
  const rows = await db
    .selectFrom("share_links")
    .select(["type", "token"])
    .where("constituent_id", "=", personId)
    .where("resource_id", "=", resourceId)
    .where("revoked_at", "is", null)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.type, row.token]));
}

/**
 * The person's live link of this type for the resource, made now if there is
 * none. Two requests racing both try the insert; the partial unique index lets
 * one in, and the other reads the winner's row.
 */
export async function getOrCreateToken(db: Kysely<Database>, link: NewShareLink, now: Date): Promise<string> {
  const existing = (await liveTokensFor(db, link.personId, link.resourceId))[link.type];
  if (existing) return existing;
  const inserted = await db
    .insertInto("share_links")
    .values({
      token: randomBytes(32).toString("base64url"),
      constituent_id: link.personId,
      resource_id: link.resourceId,
      resource_type: link.resourceType,
      type: link.type,
      created_at: now.toISOString(),
      revoked_at: null,
    })
    .onConflict((conflict) => conflict.columns(["constituent_id", "resource_id", "type"]).where("revoked_at", "is", null).doNothing())
    .returning("token")
    .executeTakeFirst();
  if (inserted) return inserted.token;
  const winner = (await liveTokensFor(db, link.personId, link.resourceId))[link.type];
  if (!winner) throw new Error("a share link was neither inserted nor found");
  return winner;
}

/** The live link behind a token, while its resource is published. */
export async function findLiveLink(db: Kysely<Database>, token: string, now: Date): Promise<LiveShareLink | undefined> {
  const row = await db
    .selectFrom("share_links")
    .innerJoin("resources", "resources.id", "share_links.resource_id")
    .select(["share_links.token", "share_links.type", "share_links.constituent_id", "share_links.resource_id", "resources.slug"])
    .where("share_links.token", "=", token)
    .where("share_links.revoked_at", "is", null)
    .where("resources.published_at", "<=", now.toISOString())
    .executeTakeFirst();
  return row && { token: row.token, type: row.type, sharerId: row.constituent_id, resourceId: row.resource_id, slug: row.slug };
}

/** The type of a revoked link behind a token, or undefined when the token is unknown or still live. */
export async function findRevokedLinkType(db: Kysely<Database>, token: string): Promise<ShareLinkType | undefined> {
  const row = await db.selectFrom("share_links").select("type").where("token", "=", token).where("revoked_at", "is not", null).executeTakeFirst();
  return row?.type;
}

/** Revokes the person's own live link; the resource's slug, or undefined when it is not theirs or not live. */
export async function revokeOwnLink(db: Kysely<Database>, personId: number, token: string, now: Date): Promise<{ resourceId: number; slug: string } | undefined> {
  const revoked = await db
    .updateTable("share_links")
    .set({ revoked_at: now.toISOString() })
    .where("token", "=", token)
    .where("constituent_id", "=", personId)
    .where("revoked_at", "is", null)
    .returning("resource_id")
    .executeTakeFirst();
  if (!revoked) return undefined;
  const resource = await db.selectFrom("resources").select("slug").where("id", "=", revoked.resource_id).executeTakeFirstOrThrow();
  return { resourceId: revoked.resource_id, slug: resource.slug };
}

/** Every link the person made, live or revoked, oldest first (their copy of their data). */
export async function shareLinksForExport(db: Kysely<Database>, personId: number) {
  return db
    .selectFrom("share_links")
    .innerJoin("resources", "resources.id", "share_links.resource_id")
    .select(["share_links.token", "share_links.type", "resources.title", "share_links.created_at", "share_links.revoked_at"])
    .where("share_links.constituent_id", "=", personId)
    .orderBy("share_links.created_at")
    .orderBy("share_links.id")
    .execute();
}

/** Deletes every link the person made, so each answers 404 from now on (a deleted account). */
export async function deleteShareLinksOf(db: Kysely<Database>, personId: number): Promise<void> {
  await db.deleteFrom("share_links").where("constituent_id", "=", personId).execute();
}
