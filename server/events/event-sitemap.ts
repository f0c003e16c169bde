import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { SitemapEntry } from "../seo";
import { eventUrl } from "../shared/content-urls";

/** Every event's page (past ones too: their pages stay), last changed when its row was. */
export async function eventSitemapEntries(db: Kysely<Database>): Promise<SitemapEntry[]> {
  const rows = await db.selectFrom("events").select(["slug", "updated_at"]).orderBy("slug").execute();
  return rows.map((row) => ({ path: eventUrl(row.slug), lastModified: row.updated_at }));
}
