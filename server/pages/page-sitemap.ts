import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { SitemapEntry } from "../seo";
import { pageUrl } from "../shared/content-urls";

/** Every published editor page, as findPublishedPage serves them. */
export async function pageSitemapEntries(db: Kysely<Database>, now: Date): Promise<SitemapEntry[]> {
  const rows = await db
    .selectFrom("pages")
    .select(["slug", "updated_at"])
    .where("published_at", "is not", null)
    .where("published_at", "<=", now.toISOString())
    .orderBy("slug")
    .execute();
  return rows.map((row) => ({ path: pageUrl(row.slug), lastModified: row.updated_at }));
}
