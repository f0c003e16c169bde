import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

/** The change counters of migration 0018: `site` moves with any content a public page shows. */
export type ContentVersionName = "events" | "pages" | "site";

/** Reads one counter: a primary-key read, cheap enough for every request (docs/performance.md). */
export function contentVersionReader(db: Kysely<Database>, name: ContentVersionName): () => Promise<number> {
  const query = sql<{ version: number | string }>`select version from content_versions where name = ${name}`.compile(db);
  return async () => {
    const result = await db.executeQuery(query);
    return Number(result.rows[0]?.version ?? 0);
  };
}
