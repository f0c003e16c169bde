/*
 * The site search port: what routes need from a search engine. Two
 * implementations live beside it (SQLite FTS5, PostgreSQL full text +
 * pg_trgm); create-site-search.ts picks one for the database in use.
 * Callers pass terms from searchTermsOf(), never raw text, so no user syntax
 * can reach an engine.
 */

import type { SpellingCorrection } from "./spelling-suggestion";

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

export const SEARCH_KINDS: readonly SearchKind[] = ["event", "resource", "page"];

export interface SearchPage {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Only hits of this kind (the results page's type filter); every kind when absent. */
  kind?: SearchKind;
}

export interface SearchResults {
  hits: SearchHit[];
  /** Every match of the kind asked for, across all pages. */
  total: number;
  /** Every match of each kind, whatever kind was asked for (the type filter's counts). */
  counts: Record<SearchKind, number>;
}

export interface SiteSearch {
  /** The best `limit` hits for a search-as-you-type box. */
  suggest(terms: readonly string[], limit: number): Promise<SearchHit[]>;
  /** One page of hits, best first, and how many there are in all. */
  search(terms: readonly string[], page: SearchPage): Promise<SearchResults>;
  /** "Did you mean": the terms corrected from the indexed titles' words, or undefined (spelling-suggestion.ts). */
  correctSpelling(terms: readonly string[]): Promise<SpellingCorrection | undefined>;
}
