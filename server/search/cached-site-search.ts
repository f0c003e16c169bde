import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { SearchHit, SearchResults, SiteSearch } from "./search-port";

/*
 * Search-as-you-type asks the same few prefixes over and over, and SQLite
 * answers on the one JavaScript thread: a ranked prefix query over 10,000
 * documents takes milliseconds, which 50 waiting requests multiply. So
 * answers are kept in process, keyed by the query, and dropped when the index
 * changes (search_index_state.version, bumped by the triggers of migration
 * 0008: one primary-key read per request) or after `ttlMs`, which bounds how
 * late a resource dated in the future shows up once its time comes.
 * Identical queries in flight share one engine call.
 */

export interface SearchCacheOptions {
  /** Reads the index's change counter. */
  readVersion: () => Promise<number>;
  /** How long an answer is kept at most. */
  ttlMs?: number;
  /** How many answers are kept; the least recently used goes first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  version: number;
  storedAt: number;
  value: Promise<unknown>;
}

export const DEFAULT_SEARCH_CACHE_TTL_MS = 60_000;
export const DEFAULT_SEARCH_CACHE_ENTRIES = 1_000;

/** The change counter of the index in `db` (migration 0008). */
export function searchIndexVersionReader(db: Kysely<Database>): () => Promise<number> {
  return async () => {
    const result = await sql<{ version: number }>`select version from search_index_state where id = 1`.execute(db);
    return Number(result.rows[0]?.version ?? 0);
  };
}

export function cachedSiteSearch(inner: SiteSearch, options: SearchCacheOptions): SiteSearch {
  const ttlMs = options.ttlMs ?? DEFAULT_SEARCH_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? DEFAULT_SEARCH_CACHE_ENTRIES;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  async function remember<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const version = await options.readVersion();
    const found = entries.get(key);
    if (found && found.version === version && now() - found.storedAt < ttlMs) {
      // Map order is insertion order: move it to the back, the most recently used end.
      entries.delete(key);
      entries.set(key, found);
      return found.value as Promise<T>;
    }
    const value = compute();
    entries.delete(key);
    entries.set(key, { version, storedAt: now(), value });
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    // A failure is not remembered: the next request tries again.
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  }

  return {
    suggest(terms, limit): Promise<SearchHit[]> {
      if (terms.length === 0) return inner.suggest(terms, limit);
      return remember(JSON.stringify(["suggest", limit, terms]), () => inner.suggest(terms, limit));
    },
    search(terms, page): Promise<SearchResults> {
      if (terms.length === 0) return inner.search(terms, page);
      return remember(JSON.stringify(["search", page.page, page.pageSize, terms]), () => inner.search(terms, page));
    },
  };
}
