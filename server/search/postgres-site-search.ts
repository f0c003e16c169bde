import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/schema";
import { TitleMatchTier } from "./ranking";
import type { SearchKind, SearchPage, SearchResults, SiteSearch } from "./search-port";
import { hitOf, kindCountsOf, noResults, totalOf, type SearchRow } from "./search-rows";
import { spellingCorrectionOf, titleVocabularyOf } from "./spelling-suggestion";

/*
 * PostgreSQL full text over search_documents (migration 0008): a tsvector of
 * the title (weight A) and body (weight B) in the `site_search` configuration
 * (simple + unaccent: no stemming, so a half-typed word still prefix-matches).
 * Ranking (ranking.ts): how the title matches (lexemes of weight A), events
 * and pages before resources, the shorter title, then ts_rank with A ten
 * times B.
 *
 * pg_trgm is the suggestions' typo fallback: when a one-word query matches
 * nothing, titles are matched by trigram word similarity ("mcbeth" suggests
 * "Macbeth"). It never adds to real matches. The results page corrects
 * spelling the same way on both engines instead (correctSpelling).
 */

/** ts_rank weights {D, C, B, A}: the title (A) counts ten times the body (B). */
const rankWeights = "{0.1, 0.1, 0.1, 1.0}";

/** Shorter words share too few trigrams with anything for a similarity to mean much. */
const FUZZY_MIN_LENGTH = 4;

/**
 * pg_trgm's default word-similarity threshold (0.6) misses a dropped letter
 * in a seven-letter word ("mcbeth": 0.57); 0.5 catches it and little noise.
 * Set per transaction, so the `<%` operator can still use the trigram index.
 */
const FUZZY_THRESHOLD = "0.5";

interface TsqueryOptions {
  /** Whether the last term matches the start of a word (the person may still be typing it). */
  lastIsPrefix?: boolean;
  /** All terms required (the default), or any one of them. */
  any?: boolean;
  /** Match only lexemes of this weight ("A": the title). */
  weight?: "A";
}

/**
 * A tsquery from safe terms: each quoted as a lexeme, all required (&), the
 * last a prefix (:*). Terms hold only letters, digits and marks
 * (search-terms.ts), and the result is passed as a parameter, never spliced.
 */
export function tsqueryOf(terms: readonly string[], { lastIsPrefix = true, any = false, weight }: TsqueryOptions = {}): string {
  return terms
    .map((term, index) => {
      const prefix = lastIsPrefix && index === terms.length - 1 ? "*" : "";
      const label = prefix || weight ? `:${prefix}${weight ?? ""}` : "";
      return `'${term.replaceAll("\\", "\\\\").replaceAll("'", "''")}'${label}`;
    })
    .join(any ? " | " : " & ");
}

/** The title-match tier of each row (ranking.ts), as an SQL expression. */
function titleMatchTier(terms: readonly string[]): RawBuilder<number> {
  const titleMatches = (options: TsqueryOptions) => sql`document @@ to_tsquery('site_search', ${tsqueryOf(terms, { ...options, weight: "A" })})`;
  return sql<number>`case
    when ${titleMatches({ lastIsPrefix: false })} then ${sql.lit(TitleMatchTier.wholeWords)}
    when ${titleMatches({})} then ${sql.lit(TitleMatchTier.prefix)}
    when ${titleMatches({ any: true })} then ${sql.lit(TitleMatchTier.partial)}
    else ${sql.lit(TitleMatchTier.bodyOnly)} end`;
}

interface Strategy {
  where: RawBuilder<unknown>;
  order: RawBuilder<unknown>;
}

export function postgresSiteSearch(db: Kysely<Database>, options: { now?: () => Date } = {}): SiteSearch {
  const now = options.now ?? (() => new Date());
  const published = () => sql`published_at <= ${now().toISOString()}`;

  function fullText(terms: readonly string[]): Strategy {
    const query = sql`to_tsquery('site_search', ${tsqueryOf(terms)})`;
    return {
      where: sql`${published()} and document @@ ${query}`,
      order: sql`${titleMatchTier(terms)}, kind = 'resource', length(title),
        ts_rank(${rankWeights}::float4[], document, ${query}) desc, kind, object_id`,
    };
  }

  /** The typo fallback, or undefined when the query is not one word long enough for it. */
  function fuzzy(terms: readonly string[]): Strategy | undefined {
    const [word] = terms;
    if (terms.length !== 1 || word!.length < FUZZY_MIN_LENGTH) return undefined;
    return {
      where: sql`${published()} and ${word} <% title`,
      order: sql`word_similarity(${word}, title) desc, kind, object_id`,
    };
  }

  async function rows({ where, order }: Strategy, limit: number, offset: number, on: Kysely<Database> = db): Promise<SearchRow[]> {
    const result = await sql<SearchRow>`
      select kind, object_id, title, body, url, image_url
      from search_documents where ${where} order by ${order}
      limit ${limit} offset ${offset}`.execute(on);
    return result.rows;
  }

  async function counts({ where }: Strategy): Promise<Record<SearchKind, number>> {
    const result = await sql<{ kind: SearchKind; total: number }>`
      select kind, count(*)::int as total from search_documents where ${where} group by kind`.execute(db);
    return kindCountsOf(result.rows);
  }

  /** Runs the typo fallback with its own similarity threshold. */
  function withFuzzyThreshold<T>(work: (on: Kysely<Database>) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      await sql`select set_config('pg_trgm.word_similarity_threshold', ${FUZZY_THRESHOLD}, true)`.execute(trx);
      return work(trx);
    });
  }

  return {
    async suggest(terms, limit) {
      if (terms.length === 0) return [];
      let found = await rows(fullText(terms), limit, 0);
      const fallback = found.length === 0 ? fuzzy(terms) : undefined;
      if (fallback) found = await withFuzzyThreshold((on) => rows(fallback, limit, 0, on));
      return found.map((row) => hitOf(row, terms));
    },

    async search(terms, { page, pageSize, kind }: SearchPage): Promise<SearchResults> {
      if (terms.length === 0) return noResults();
      const strategy = fullText(terms);
      const kindCounts = await counts(strategy);
      const total = totalOf(kindCounts, kind);
      const ofKind = kind ? { ...strategy, where: sql`${strategy.where} and kind = ${kind}` } : strategy;
      const found = total === 0 ? [] : await rows(ofKind, pageSize, (page - 1) * pageSize);
      return { hits: found.map((row) => hitOf(row, terms)), total, counts: kindCounts };
    },

    async correctSpelling(terms) {
      const titles = await sql<{ title: string }>`select title from search_documents where ${published()}`.execute(db);
      return spellingCorrectionOf(terms, titleVocabularyOf(titles.rows.map((row) => row.title)));
    },
  };
}
