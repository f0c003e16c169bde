import type { Kysely } from "kysely";
import type { Database } from "../../../server/db/schema";
import { forgetSiteSettings } from "../../../server/pages/site-settings";
import { seedPageCacheFixtures } from "../http/page-cache-support";

const DAY_MS = 86_400_000;

/** The page-cache fixtures (events, resources, /about-us/), the site's address, and Hamlet on in three days. */
export async function seedSeoFixtures(db: Kysely<Database>): Promise<{ hamletStart: Date }> {
  await seedPageCacheFixtures(db);
  const address = { street: "Corn Exchange Quay", town: "Kingsbridge", postcode: "KB1 2GF", country: "GB" };
  await db.updateTable("site_settings").set({ value_json: JSON.stringify(address) }).where("key", "=", "address").execute();
  forgetSiteSettings(db);
  await db.updateTable("events").set({ price_text: "£12–£32" }).where("slug", "=", "hamlet").execute();
  const hamlet = await db.selectFrom("events").select("id").where("slug", "=", "hamlet").executeTakeFirstOrThrow();
  const hamletStart = new Date(Math.ceil((Date.now() + 3 * DAY_MS) / 60_000) * 60_000);
  await db
    .insertInto("event_instances")
    .values({ event_id: hamlet.id, starts_at: hamletStart.toISOString(), ends_at: new Date(hamletStart.getTime() + 7_200_000).toISOString() })
    .execute();
  return { hamletStart };
}
