import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { VersionedCache } from "../../cache/versioned-cache";
import { findInTwoPasses, type SchoolRow } from "./school-search-query";
import type { SchoolSearch } from "./school-search-port";

/*
 * PostgreSQL full text over schools.search_vector (migration 0011), in the
 * site_search configuration (simple + unaccent), in the two passes of
 * findInTwoPasses. ts_rank weighs the name (A) most. The typo alternatives
 * come from the index's own word list (ts_stat).
 */

/** ts_rank weights {D, C, B, A}: address C, URN B, name A. */
const rankWeights = "{0.1, 0.2, 0.5, 1.0}";

const lexeme = (word: string) => `'${word.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;

/** A tsquery: every term a prefix, or one of its alternatives; all required. Passed as a parameter, never spliced. */
function tsqueryOf(terms: readonly string[], alternatives: readonly string[][] | undefined): string {
  return terms.map((term, index) => `(${[`${lexeme(term)}:*`, ...(alternatives?.[index] ?? []).map(lexeme)].join(" | ")})`).join(" & ");
}

export function postgresSchoolSearch(db: Kysely<Database>, cache: VersionedCache): SchoolSearch {
  // The word list changes only with the register: kept until its version moves.
  const vocabulary = () =>
    cache.remember("vocabulary", async () => {
      const result = await sql<{ word: string }>`select word from ts_stat('select search_vector from schools')`.execute(db);
      return result.rows.map((row) => row.word);
    });

  async function rows(terms: readonly string[], alternatives: readonly string[][] | undefined, urn: string | undefined, limit: number, excluded: readonly number[]) {
    const query = sql`to_tsquery('site_search', ${tsqueryOf(terms, alternatives)})`;
    const result = await sql<SchoolRow>`
      select constituent_id, urn, kind, name, street1, street2, street3, city, postcode
      from schools
      where search_vector @@ ${query}
        ${excluded.length > 0 ? sql`and constituent_id not in (${sql.join(excluded)})` : sql``}
      order by (urn = ${urn ?? null}) desc nulls last, ts_rank(${rankWeights}::float4[], search_vector, ${query}) desc, name, constituent_id
      limit ${limit}`.execute(db);
    return result.rows;
  }

  return { find: (text, limit) => findInTwoPasses({ rows, vocabulary }, text, limit) };
}
