import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { SiteFixture } from "./fixture-schema/site";
import type { SiteSettings } from "../pages";

/** Stores each setting as its own JSON row, keyed as SiteSettings names it. */
export async function seedSiteSettings(db: Kysely<Database>, site: SiteFixture, now: Date): Promise<void> {
  const settings: SiteSettings = { name: site.name, tagline: site.tagline, nav: site.nav, footerNav: site.footer_nav, address: site.address ?? null };
  const rows = Object.entries(settings).map(([key, value]) => ({
    key,
    value_json: JSON.stringify(value),
    updated_at: now.toISOString(),
  }));
  await db
    .insertInto("site_settings")
    .values(rows)
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet((update) => ({
        value_json: update.ref("excluded.value_json"),
        updated_at: update.ref("excluded.updated_at"),
      })),
    )
    .execute();
}
