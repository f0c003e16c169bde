import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { SitemapEntry } from "../seo";
import { resourceUrl } from "../shared/content-urls";

/** Every published resource's page; one dated in the future joins once its time has come. */
export async function resourceSitemapEntries(db: Kysely<Database>, now: Date): Promise<SitemapEntry[]> {
  const rows = await db
    .selectFrom("resources")
    .select(["slug", "updated_at"])
    .where("published_at", "<=", now.toISOString())
    .orderBy("slug")
    .execute();
  return rows.map((row) => ({ path: resourceUrl(row.slug), lastModified: row.updated_at }));
}
