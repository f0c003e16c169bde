import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { SitemapEntry } from "../seo";
import { personUrl } from "../shared/content-urls";

/** Every person's own page. */
export async function peopleSitemapEntries(db: Kysely<Database>): Promise<SitemapEntry[]> {
  const rows = await db.selectFrom("people").select(["slug", "updated_at"]).orderBy("slug").execute();
  return rows.map((row) => ({ path: personUrl(row.slug), lastModified: row.updated_at }));
}
