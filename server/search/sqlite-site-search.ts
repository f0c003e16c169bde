import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/schema";
import { TitleMatchTier } from "./ranking";
import type { SearchHit, SearchKind, SearchPage, SearchResults, SiteSearch } from "./search-port";
import { hitOf, kindCountsOf, noResults, totalOf, type SearchRow } from "./search-rows";
import { spellingCorrectionOf, titleVocabularyOf } from "./spelling-suggestion";

/*
 * SQLite FTS5 over the search_index table (migration 0008), which triggers
 * keep in step with events, resources and pages. Ranking (ranking.ts): how
 * the title matches, events and pages before resources, the shorter title,
 * then bm25 with the title weighted ten times the body.
 */

/** rowid = id * 4 + kind code, resource 2 (migration 0008): the kind without reading the row. */
const isResource = sql`rowid % 4 = 2`;

interface FtsOptions {
  /** Whether the last term matches the start of a word (the person may still be typing it). */
  lastIsPrefix?: boolean;
  /** All terms required (the default), or any one of them. */
  any?: boolean;
}

/**
 * An FTS5 query from safe terms: each one a quoted string (so NEAR, AND, OR,
 * NOT are words, not operators), all required, the last a prefix. Terms hold
 * only letters, digits and marks (search-terms.ts); quotes are doubled anyway.
 */
export function ftsMatchOf(terms: readonly string[], { lastIsPrefix = true, any = false }: FtsOptions = {}): string {
  return terms
    .map((term, index) => `"${term.replaceAll('"', '""')}"${lastIsPrefix && index === terms.length - 1 ? "*" : ""}`)
    .join(any ? " OR " : " ");
}

/** The same query, but matched in the title column only. */
export function ftsTitleMatchOf(terms: readonly string[], options: FtsOptions = {}): string {
  return `title : (${ftsMatchOf(terms, options)})`;
}

/** The title-match tier of each row (ranking.ts), as an SQL expression. */
function titleMatchTier(terms: readonly string[]): RawBuilder<number> {
  const titleMatches = (match: string) => sql`rowid in (select rowid from search_index where search_index match ${match})`;
  return sql<number>`case
    when ${titleMatches(ftsTitleMatchOf(terms, { lastIsPrefix: false }))} then ${sql.lit(TitleMatchTier.wholeWords)}
    when ${titleMatches(ftsTitleMatchOf(terms))} then ${sql.lit(TitleMatchTier.prefix)}
    when ${titleMatches(ftsTitleMatchOf(terms, { any: true }))} then ${sql.lit(TitleMatchTier.partial)}
    else ${sql.lit(TitleMatchTier.bodyOnly)} end`;
}

export function sqliteSiteSearch(db: Kysely<Database>, options: { now?: () => Date } = {}): SiteSearch {
  const now = options.now ?? (() => new Date());

  /** `at`: the moment "published" is judged at, one reading shared by a page's count and its rows. */
  async function rows(terms: readonly string[], limit: number, offset: number, at: Date = now(), kind?: SearchKind): Promise<SearchRow[]> {
    const result = await sql<SearchRow>`
      select kind, object_id, title, body, url, image_url
      from search_index
      where search_index match ${ftsMatchOf(terms)} and published_at <= ${at.toISOString()}${kind ? sql` and kind = ${kind}` : sql``}
      order by ${titleMatchTier(terms)}, ${isResource}, length(title), bm25(search_index, 10.0, 1.0), rowid
      limit ${limit} offset ${offset}`.execute(db);
    return result.rows;
  }

  return {
    async suggest(terms, limit): Promise<SearchHit[]> {
      if (terms.length === 0) return [];
      return (await rows(terms, limit, 0)).map((row) => hitOf(row, terms));
    },

    async search(terms, { page, pageSize, kind }: SearchPage): Promise<SearchResults> {
      if (terms.length === 0) return noResults();
      const at = now();
      const count = await sql<{ kind: SearchKind; total: number }>`
        select kind, count(*) as total from search_index
        where search_index match ${ftsMatchOf(terms)} and published_at <= ${at.toISOString()}
        group by kind`.execute(db);
      const counts = kindCountsOf(count.rows);
      const total = totalOf(counts, kind);
      const hits = total === 0 ? [] : (await rows(terms, pageSize, (page - 1) * pageSize, at, kind)).map((row) => hitOf(row, terms));
      return { hits, total, counts };
    },

    async correctSpelling(terms) {
      const titles = await sql<{ title: string }>`
        select title from search_index where published_at <= ${now().toISOString()}`.execute(db);
      return spellingCorrectionOf(terms, titleVocabularyOf(titles.rows.map((row) => row.title)));
    },
  };
}
