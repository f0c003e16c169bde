import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/schema";

/** The change counters of migration 0018: `site` moves with any content a public page shows. */
export type ContentVersionName = "events" | "pages" | "site";

/**
 * Reads one change counter (migrations 0008, 0010, 0012, 0018): the query is
 * compiled once, so each call is one primary-key read, cheap enough for every
 * request (docs/performance.md).
 */
export function versionReader(db: Kysely<Database>, query: RawBuilder<{ version: number | string }>): () => Promise<number> {
  const compiled = query.compile(db);
  return async () => {
    const result = await db.executeQuery(compiled);
    return Number(result.rows[0]?.version ?? 0);
  };
}

/** One of migration 0018's counters. */
export function contentVersionReader(db: Kysely<Database>, name: ContentVersionName): () => Promise<number> {
  return versionReader(db, sql`select version from content_versions where name = ${name}`);
}
