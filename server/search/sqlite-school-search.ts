import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { cachedVocabulary, schoolHitOf, schoolQueryOf, typoAlternativesOf, type SchoolRow } from "./school-search-query";
import type { SchoolSearch } from "./school-search-port";

/*
 * SQLite FTS5 over school_search (migration 0011). First every term as a
 * prefix; only when that leaves room, a second pass where a longer term may
 * also be one of its typo alternatives, so exact matches always come first.
 * bm25 weighs the name ten times the address, the URN five times.
 */

const quoted = (word: string) => `"${word.replaceAll('"', '""')}"`;

export function sqliteSchoolSearch(db: Kysely<Database>): SchoolSearch {
  const vocabulary = cachedVocabulary(async () => {
    const result = await sql<{ term: string }>`select term from school_search_words`.execute(db);
    return result.rows.map((row) => row.term);
  });

  async function rows(match: string, urn: string | undefined, limit: number, excluded: readonly number[]): Promise<SchoolRow[]> {
    const result = await sql<SchoolRow>`
      select s.constituent_id, s.urn, s.kind, s.name, s.street1, s.street2, s.street3, s.city, s.postcode
      from school_search join schools s on s.constituent_id = school_search.rowid
      where school_search match ${match}
        ${excluded.length > 0 ? sql`and school_search.rowid not in (${sql.join(excluded)})` : sql``}
      order by (s.urn = ${urn ?? null}) desc, bm25(school_search, 10.0, 5.0, 1.0), s.name, s.constituent_id
      limit ${limit}`.execute(db);
    return result.rows;
  }

  return {
    async find(text, limit) {
      const { terms, urn } = schoolQueryOf(text);
      if (terms.length === 0) return [];
      const exact = await rows(terms.map((term) => `${quoted(term)}*`).join(" "), urn, limit, []);
      const noAlternatives = terms.map(() => []);
      if (exact.length === limit) return exact.map((row) => schoolHitOf(row, terms, noAlternatives));

      const alternatives = typoAlternativesOf(terms, await vocabulary());
      if (alternatives.every((words) => words.length === 0)) return exact.map((row) => schoolHitOf(row, terms, noAlternatives));
      const match = terms.map((term, index) => `(${[`${quoted(term)}*`, ...alternatives[index]!.map(quoted)].join(" OR ")})`).join(" AND ");
      const near = await rows(match, urn, limit - exact.length, exact.map((row) => row.constituent_id));
      return [...exact, ...near].map((row) => schoolHitOf(row, terms, alternatives));
    },
  };
}
