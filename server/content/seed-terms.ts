import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { TermFixture } from "./fixture-schema/common";

/** term id by vocabulary name, then slug. */
export type TermIds = Map<string, Map<string, number>>;

function rowsOf(lists: Record<string, readonly TermFixture[]>) {
  return Object.entries(lists).flatMap(([name, terms]) =>
    terms.map((term, position) => ({ name, slug: term.slug, label: term.label, position })),
  );
}

function indexTerms(rows: readonly { name: string; slug: string; id: number }[]): TermIds {
  const ids: TermIds = new Map();
  for (const row of rows) {
    const bySlug = ids.get(row.name) ?? new Map<string, number>();
    bySlug.set(row.slug, row.id);
    ids.set(row.name, bySlug);
  }
  return ids;
}

/** Upserts event taxonomy terms by (taxonomy, slug); returns every stored term's id. */
export async function seedEventTerms(db: Kysely<Database>, lists: Record<string, readonly TermFixture[]>): Promise<TermIds> {
  const rows = rowsOf(lists);
  if (rows.length > 0) {
    await db
      .insertInto("event_taxonomy_terms")
      .values(rows.map(({ name, ...term }) => ({ taxonomy: name, ...term })))
      .onConflict((conflict) =>
        conflict.columns(["taxonomy", "slug"]).doUpdateSet((update) => ({
          label: update.ref("excluded.label"),
          position: update.ref("excluded.position"),
        })),
      )
      .execute();
  }
  const stored = await db.selectFrom("event_taxonomy_terms").select(["taxonomy as name", "slug", "id"]).execute();
  return indexTerms(stored);
}
