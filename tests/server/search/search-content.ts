import type { Kysely } from "kysely";
import type { Database } from "../../../server/db/schema";

/*
 * Writes events, resources and pages straight into a migrated test database,
 * as an admin screen or a seed would: the search index must follow on its own.
 */

const stamp = "2026-01-01T00:00:00.000Z";
export const PAST = "2020-01-01T09:00:00.000Z";
export const FUTURE = "2999-01-01T09:00:00.000Z";

export type ContentWriter = ReturnType<typeof contentWriter>;

/** Adders for one database (their own resource ids and event terms). */
export function contentWriter(db: Kysely<Database>) {
  let nextResourceId = 1;
  let termIds: { type: number; season: number; venue: number } | undefined;

  async function addResource(
    fields: { title: string; summary?: string; body_html?: string; slug?: string; published_at?: string; image_url?: string },
  ): Promise<number> {
    const id = nextResourceId++;
    await db
      .insertInto("resources")
      .values({
        id,
        resource_type: "guide",
        slug: fields.slug ?? `resource-${id}`,
        title: fields.title,
        summary: fields.summary ?? "A resource.",
        body_html: fields.body_html ?? "<p>Body.</p>",
        image_url: fields.image_url ?? `/static/images/demo/resource-0${(id % 8) + 1}.svg`,
        image_alt: "",
        duration_minutes: 30,
        published_at: fields.published_at ?? PAST,
        updated_at: stamp,
      })
      .execute();
    return id;
  }

  async function addPage(
    fields: { slug: string; title: string; body_html: string; published_at?: string | null },
  ): Promise<number> {
    const row = await db
      .insertInto("pages")
      .values({
        slug: fields.slug,
        title: fields.title,
        summary: "",
        body_html: fields.body_html,
        nav_order: null,
        published_at: fields.published_at === undefined ? PAST : fields.published_at,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function eventTerms() {
    if (termIds) return termIds;
    const term = async (taxonomy: string) =>
      (
        await db
          .insertInto("event_taxonomy_terms")
          .values({ taxonomy, slug: taxonomy, label: taxonomy, position: 0 })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    termIds = { type: await term("event_type"), season: await term("season"), venue: await term("venue") };
    return termIds;
  }

  async function addEvent(
    fields: { slug: string; title: string; summary?: string; description_html?: string },
  ): Promise<number> {
    const terms = await eventTerms();
    const row = await db
      .insertInto("events")
      .values({
        slug: fields.slug,
        title: fields.title,
        summary: fields.summary ?? "An event.",
        description_html: fields.description_html ?? "<p>About it.</p>",
        image_url: "/static/images/demo/poster-01.svg",
        image_alt: "",
        price_text: null,
        age_guidance: null,
        event_type_id: terms.type,
        genre_id: null,
        season_id: terms.season,
        series_id: null,
        venue_id: terms.venue,
        access_type_id: null,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  return { addResource, addPage, addEvent };
}
