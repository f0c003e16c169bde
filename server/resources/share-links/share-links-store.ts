import { hotQuery } from "../../db/hot-query";
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { publishedResource, resourcesById } from "../resource-lookups";
import type { ShareLinkType } from "../tables";

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

/** The person's live links for one resource, by type. */
/** Read for every member's resource page: compiled once (db/hot-query.ts). */
const liveLinks = hotQuery((db, personId: number, resourceId: number) =>
  db.selectFrom("share_links").select(["type", "token"]).where("constituent_id", "=", personId).where("resource_id", "=", resourceId).where("revoked_at", "is", null),
);

export async function liveTokensFor(db: Kysely<Database>, personId: number, resourceId: number): Promise<Partial<Record<ShareLinkType, string>>> {
  const rows = await liveLinks(db, personId, resourceId);
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
    .select(["token", "type", "constituent_id", "resource_id"])
    .where("token", "=", token)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  const resource = row && (await publishedResource(db, { id: row.resource_id }, now));
  return resource && { token: row.token, type: row.type, sharerId: row.constituent_id, resourceId: row.resource_id, slug: resource.slug };
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
  const resource = (await resourcesById(db, [revoked.resource_id])).get(revoked.resource_id);
  if (!resource) throw new Error(`resource ${revoked.resource_id} of a share link is missing`);
  return { resourceId: revoked.resource_id, slug: resource.slug };
}

/** Every link the person made, live or revoked, oldest first (their copy of their data). */
export async function shareLinksForExport(db: Kysely<Database>, personId: number) {
  const links = await db
    .selectFrom("share_links")
    .select(["token", "type", "resource_id", "created_at", "revoked_at"])
    .where("constituent_id", "=", personId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const resources = await resourcesById(db, links.map((link) => link.resource_id));
  // A resource deleted between the two reads takes its links with it (on delete cascade).
  return links.flatMap(({ resource_id, ...link }) => {
    const resource = resources.get(resource_id);
    return resource ? [{ ...link, title: resource.title }] : [];
  });
}

/** Deletes every link the person made, so each answers 404 from now on (a deleted account). */
export async function deleteShareLinksOf(db: Kysely<Database>, personId: number): Promise<void> {
  await db.deleteFrom("share_links").where("constituent_id", "=", personId).execute();
}
