import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inBatches } from "../shared/batches";
import type { PageFixture } from "./fixture-schema/pages";

/** Upserts pages by slug. A page keeps its first publication date; a draft has none. */
export async function seedPages(db: Kysely<Database>, pages: readonly PageFixture[], now: Date): Promise<void> {
  const timestamp = now.toISOString();
  for (const batch of inBatches(pages)) {
    await db
      .insertInto("pages")
      .values(
        batch.map((page) => ({
          slug: page.slug,
          title: page.title,
          summary: page.summary,
          body_html: page.body_html,
          nav_order: page.nav_order ?? null,
          published_at: page.draft ? null : timestamp,
          updated_at: timestamp,
        })),
      )
      .onConflict((conflict) =>
        conflict.column("slug").doUpdateSet((update) => ({
          title: update.ref("excluded.title"),
          summary: update.ref("excluded.summary"),
          body_html: update.ref("excluded.body_html"),
          nav_order: update.ref("excluded.nav_order"),
          published_at: sql<string | null>`case when excluded.published_at is null then null
            else coalesce(pages.published_at, excluded.published_at) end`,
          updated_at: update.ref("excluded.updated_at"),
        })),
      )
      .execute();
  }
}
