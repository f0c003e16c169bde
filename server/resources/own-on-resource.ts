import { sql, type Kysely } from "kysely";
import { hotQuery } from "../db/hot-query";
import type { Database } from "../db/schema";
import type { ShareLinkType } from "./tables";

/*
 * What a member has of their own on one resource page (issue 27): whether
 * they saved it, their notes on its activities and their live share links.
 * The three tables are this capability's (tables.ts), so they are read in one
 * statement, not three: on PostgreSQL each read is a round trip, about 60 µs
 * of the app's CPU (docs/performance.md, "One read for a member's own rows").
 * Each row says which table it came from (`kind`); the columns the three
 * share are the item (the resource or the activity) and a text (the note, or
 * the link's token), with the link's type as its label.
 */

export interface OwnOnResource {
  saved: boolean;
  /** Note text by activity id. */
  notes: Map<number, string>;
  /** Live (not revoked) share link tokens by type. */
  liveTokens: Partial<Record<ShareLinkType, string>>;
}

type OwnRow = { kind: "saved" | "note" | "link"; label: string | null; item: number; text: string | null };

// Built once per number of activities (db/hot-query.ts): every member's resource page asks.
const ownRows = hotQuery((db, constituentId: number, resourceId: number, activityIds: readonly number[]) => {
  const saved = db
    .selectFrom("saved_resources")
    .select([sql<OwnRow["kind"]>`'saved'`.as("kind"), sql<string | null>`null`.as("label"), sql<number>`resource_id`.as("item"), sql<string | null>`null`.as("text")])
    .where("constituent_id", "=", constituentId)
    .where("resource_id", "=", resourceId);
  const links = db
    .selectFrom("share_links")
    .select([sql<OwnRow["kind"]>`'link'`.as("kind"), sql<string | null>`type`.as("label"), sql<number>`resource_id`.as("item"), sql<string | null>`token`.as("text")])
    .where("constituent_id", "=", constituentId)
    .where("resource_id", "=", resourceId)
    .where("revoked_at", "is", null);
  if (activityIds.length === 0) return saved.unionAll(links);
  const notes = db
    .selectFrom("teacher_notes")
    .select([sql<OwnRow["kind"]>`'note'`.as("kind"), sql<string | null>`null`.as("label"), sql<number>`activity_id`.as("item"), sql<string | null>`content`.as("text")])
    .where("constituent_id", "=", constituentId)
    .where("activity_id", "in", activityIds);
  return saved.unionAll(links).unionAll(notes);
});

export async function ownOnResource(db: Kysely<Database>, constituentId: number, resourceId: number, activityIds: readonly number[]): Promise<OwnOnResource> {
  const own: OwnOnResource = { saved: false, notes: new Map(), liveTokens: {} };
  for (const row of await ownRows(db, constituentId, resourceId, [...new Set(activityIds)])) {
    if (row.kind === "saved") own.saved = true;
    else if (row.kind === "note") own.notes.set(Number(row.item), row.text ?? "");
    else own.liveTokens[row.label as ShareLinkType] = row.text ?? "";
  }
  return own;
}
