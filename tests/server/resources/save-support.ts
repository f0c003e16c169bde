import type { Kysely } from "kysely";
import type { Database } from "../../../server/db/schema";

/** A resource straight in the database, for the save tests (facets are not needed there). */
export interface SaveTestResource {
  id: number;
  type: string;
  slug: string;
  title: string;
  /** Days from now; positive means not published yet. */
  publishedInDays?: number;
}

export async function addResources(db: Kysely<Database>, resources: readonly SaveTestResource[]): Promise<void> {
  const day = 86_400_000;
  await db
    .insertInto("resources")
    .values(
      resources.map((resource) => ({
        id: resource.id,
        resource_type: resource.type,
        slug: resource.slug,
        title: resource.title,
        summary: `About ${resource.title}`,
        body_html: "<p>Body</p>",
        image_url: "/static/images/placeholder.jpg",
        image_alt: "",
        duration_minutes: 30,
        published_at: new Date(Date.now() + (resource.publishedInDays ?? -1) * day).toISOString(),
        updated_at: new Date().toISOString(),
      })),
    )
    .execute();
}

/** The resource ids a person has saved, in id order. */
export async function savedIds(db: Kysely<Database>, constituentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("saved_resources")
    .select("resource_id")
    .where("constituent_id", "=", constituentId)
    .orderBy("resource_id")
    .execute();
  return rows.map((row) => row.resource_id);
}
