import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { VersionedCache } from "../../cache/versioned-cache";
import { findInTwoPasses, type SchoolRow } from "./school-search-query";
import type { SchoolSearch } from "./school-search-port";

/*
 * SQLite FTS5 over school_search (migration 0011), in the two passes of
 * findInTwoPasses. bm25 weighs the name ten times the address, the URN five
 * times. The typo alternatives come from the index's own word list
 * (school_search_words, an fts5vocab table).
 */

const quoted = (word: string) => `"${word.replaceAll('"', '""')}"`;

/** An FTS5 query: every term a prefix, or one of its alternatives; all required. */
function matchOf(terms: readonly string[], alternatives: readonly string[][] | undefined): string {
  return terms.map((term, index) => `(${[`${quoted(term)}*`, ...(alternatives?.[index] ?? []).map(quoted)].join(" OR ")})`).join(" AND ");
}

export function sqliteSchoolSearch(db: Kysely<Database>, cache: VersionedCache): SchoolSearch {
  // The word list changes only with the register: kept until its version moves.
  const vocabulary = () =>
    cache.remember("vocabulary", async () => {
      const result = await sql<{ term: string }>`select term from school_search_words`.execute(db);
      return result.rows.map((row) => row.term);
    });

  async function rows(terms: readonly string[], alternatives: readonly string[][] | undefined, urn: string | undefined, limit: number, excluded: readonly number[]) {
    const result = await sql<SchoolRow>`
      select s.constituent_id, s.urn, s.kind, s.name, s.street1, s.street2, s.street3, s.city, s.postcode
      from school_search join schools s on s.constituent_id = school_search.rowid
      where school_search match ${matchOf(terms, alternatives)}
        ${excluded.length > 0 ? sql`and school_search.rowid not in (${sql.join(excluded)})` : sql``}
      order by (s.urn = ${urn ?? null}) desc, bm25(school_search, 10.0, 5.0, 1.0), s.name, s.constituent_id
      limit ${limit}`.execute(db);
    return result.rows;
  }

  return { find: (text, limit) => findInTwoPasses({ rows, vocabulary }, text, limit) };
}
