import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { cachedVocabulary, schoolHitOf, schoolQueryOf, typoAlternativesOf, type SchoolRow } from "./school-search-query";
import type { SchoolSearch } from "./school-search-port";

/*
 * PostgreSQL full text over schools.search_vector (migration 0011), in the
 * site_search configuration (simple + unaccent). The same two passes as
 * SQLite: every term as a prefix, then, only when that leaves room, with the
 * typo alternatives of the longer terms. ts_rank weighs the name (A) most.
 */

/** ts_rank weights {D, C, B, A}: address C, URN B, name A. */
const rankWeights = "{0.1, 0.2, 0.5, 1.0}";

const lexeme = (word: string) => `'${word.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;

export function postgresSchoolSearch(db: Kysely<Database>): SchoolSearch {
  const vocabulary = cachedVocabulary(async () => {
    const result = await sql<{ word: string }>`select word from ts_stat('select search_vector from schools')`.execute(db);
    return result.rows.map((row) => row.word);
  });

  async function rows(tsquery: string, urn: string | undefined, limit: number, excluded: readonly number[]): Promise<SchoolRow[]> {
    const query = sql`to_tsquery('site_search', ${tsquery})`;
    const result = await sql<SchoolRow>`
      select constituent_id, urn, kind, name, street1, street2, street3, city, postcode
      from schools
      where search_vector @@ ${query}
        ${excluded.length > 0 ? sql`and constituent_id not in (${sql.join(excluded)})` : sql``}
      order by (urn = ${urn ?? null}) desc nulls last, ts_rank(${rankWeights}::float4[], search_vector, ${query}) desc, name, constituent_id
      limit ${limit}`.execute(db);
    return result.rows;
  }

  return {
    async find(text, limit) {
      const { terms, urn } = schoolQueryOf(text);
      if (terms.length === 0) return [];
      const noAlternatives = terms.map(() => []);
      const exact = await rows(terms.map((term) => `${lexeme(term)}:*`).join(" & "), urn, limit, []);
      if (exact.length === limit) return exact.map((row) => schoolHitOf(row, terms, noAlternatives));

      const alternatives = typoAlternativesOf(terms, await vocabulary());
      if (alternatives.every((words) => words.length === 0)) return exact.map((row) => schoolHitOf(row, terms, noAlternatives));
      const tsquery = terms.map((term, index) => `(${[`${lexeme(term)}:*`, ...alternatives[index]!.map(lexeme)].join(" | ")})`).join(" & ");
      const near = await rows(tsquery, urn, limit - exact.length, exact.map((row) => row.constituent_id));
      return [...exact, ...near].map((row) => schoolHitOf(row, terms, alternatives));
    },
  };
}
