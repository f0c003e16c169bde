import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { SearchHit, SearchPage, SearchResults, SiteSearch } from "./search-port";
import { hitOf, type SearchRow } from "./search-rows";

/*
 * SQLite FTS5 over the search_index table (migration 0008), which triggers
 * keep in step with events, resources and pages. Ranking is bm25 with the
 * title weighted ten times the body.
 */

/**
 * An FTS5 query from safe terms: each one a quoted string (so NEAR, AND, OR,
 * NOT are words, not operators), all required, the last a prefix. Terms hold
 * only letters, digits and marks (search-terms.ts); quotes are doubled anyway.
 */
export function ftsMatchOf(terms: readonly string[]): string {
  return terms
    .map((term, index) => `"${term.replaceAll('"', '""')}"${index === terms.length - 1 ? "*" : ""}`)
    .join(" ");
}

export function sqliteSiteSearch(db: Kysely<Database>, options: { now?: () => Date } = {}): SiteSearch {
  const now = options.now ?? (() => new Date());

  /** `at`: the moment "published" is judged at, one reading shared by a page's count and its rows. */
  async function rows(terms: readonly string[], limit: number, offset: number, at: Date = now()): Promise<SearchRow[]> {
    const result = await sql<SearchRow>`
      select kind, object_id, title, body, url, image_url
      from search_index
      where search_index match ${ftsMatchOf(terms)} and published_at <= ${at.toISOString()}
      order by bm25(search_index, 10.0, 1.0), rowid
      limit ${limit} offset ${offset}`.execute(db);
    return result.rows;
  }

  return {
    async suggest(terms, limit): Promise<SearchHit[]> {
      if (terms.length === 0) return [];
      return (await rows(terms, limit, 0)).map((row) => hitOf(row, terms));
    },

    async search(terms, { page, pageSize }: SearchPage): Promise<SearchResults> {
      if (terms.length === 0) return { hits: [], total: 0 };
      const at = now();
      const count = await sql<{ total: number }>`
        select count(*) as total from search_index
        where search_index match ${ftsMatchOf(terms)} and published_at <= ${at.toISOString()}`.execute(db);
      const total = Number(count.rows[0]?.total ?? 0);
      const hits = (await rows(terms, pageSize, (page - 1) * pageSize, at)).map((row) => hitOf(row, terms));
      return { hits, total };
    },
  };
}
