import { sql, type Kysely } from "kysely";
import { versionReader } from "../cache/content-versions";
import type { Database } from "../db/schema";
import { versionedCache, type VersionedCacheOptions } from "../cache/versioned-cache";
import type { SearchHit, SearchResults, SiteSearch } from "./search-port";

/*
 * Search-as-you-type asks the same few prefixes over and over, and SQLite
 * answers on the one JavaScript thread: a ranked prefix query over 10,000
 * documents takes milliseconds, which 50 waiting requests multiply. So
 * answers go through a versioned cache (server/cache/versioned-cache.ts)
 * keyed on search_index_state.version, which migration 0008's triggers bump.
 */

/** The change counter of the index in `db` (migration 0008). */
export function searchIndexVersionReader(db: Kysely<Database>): () => Promise<number> {
  return versionReader(db, sql`select version from search_index_state where id = 1`);
}

/** Site search behind the cache, which can also say what it has kept without searching (the front door's question). */
export interface CachedSiteSearch extends SiteSearch {
  /** The suggestions `suggest` would give, only if they are kept and current; undefined otherwise (never searches). */
  keptSuggestions(terms: readonly string[], limit: number): Promise<SearchHit[] | undefined>;
}

export function cachedSiteSearch(inner: SiteSearch, options: VersionedCacheOptions): CachedSiteSearch {
  const { remember, kept } = versionedCache(options);
  const suggestionsKey = (terms: readonly string[], limit: number) => JSON.stringify(["suggest", limit, terms]);

  return {
    suggest(terms, limit): Promise<SearchHit[]> {
      if (terms.length === 0) return inner.suggest(terms, limit);
      return remember(suggestionsKey(terms, limit), () => inner.suggest(terms, limit));
    },
    keptSuggestions: (terms, limit) => (terms.length === 0 ? Promise.resolve(undefined) : kept<SearchHit[]>(suggestionsKey(terms, limit))),
    search(terms, page): Promise<SearchResults> {
      if (terms.length === 0) return inner.search(terms, page);
      return remember(JSON.stringify(["search", page.page, page.pageSize, page.kind ?? null, terms]), () => inner.search(terms, page));
    },
    correctSpelling(terms) {
      if (terms.length === 0) return Promise.resolve(undefined);
      return remember(JSON.stringify(["spelling", terms]), () => inner.correctSpelling(terms));
    },
  };
}
