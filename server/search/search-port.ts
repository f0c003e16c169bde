/*
 * The site search port: what routes need from a search engine. Two
 * implementations live beside it (SQLite FTS5, PostgreSQL full text +
 * pg_trgm); create-site-search.ts picks one for the database in use.
 * Callers pass terms from searchTermsOf(), never raw text, so no user syntax
 * can reach an engine.
 */

export type SearchKind = "event" | "resource" | "page";

export interface SearchHit {
  /** `<kind>:<id>`, e.g. "resource:12". */
  objectID: string;
  kind: SearchKind;
  /** Plain text. */
  title: string;
  /** Site-relative, e.g. /resources/<slug>/. */
  url: string;
  /** Escaped plain text with <mark> around matches (docs/search.md). */
  excerpt: string;
  /** A site-absolute image path; absent when the item has none. */
  image?: string;
}

export interface SearchPage {
  /** 1-based. */
  page: number;
  pageSize: number;
}

export interface SearchResults {
  hits: SearchHit[];
  /** Every match, across all pages. */
  total: number;
}

export interface SiteSearch {
  /** The best `limit` hits for a search-as-you-type box. */
  suggest(terms: readonly string[], limit: number): Promise<SearchHit[]>;
  /** One page of hits, best first, and how many there are in all. */
  search(terms: readonly string[], page: SearchPage): Promise<SearchResults>;
}
