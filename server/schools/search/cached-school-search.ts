import { sql, type Kysely } from "kysely";
import { versionReader } from "../../cache/content-versions";
import type { VersionedCache } from "../../cache/versioned-cache";
import type { Database } from "../../db/schema";
import { schoolQueryOf } from "./school-search-query";
import type { SchoolHit, SchoolSearch } from "./school-search-port";

/*
 * The wizard's school search asks the same prefixes over and over as people
 * type. So, as with site search (cached-site-search.ts), answers go through a
 * versioned cache keyed on the query's terms and on school_search_state.version,
 * which migration 0012's triggers bump on every write to the register.
 */

/** The change counter of the school register in `db` (migration 0012). */
export function schoolSearchVersionReader(db: Kysely<Database>): () => Promise<number> {
  return versionReader(db, sql`select version from school_search_state where id = 1`);
}

/** School search behind the cache, which can also say what it has kept without searching (the front door's question). */
export interface CachedSchoolSearch extends SchoolSearch {
  /** The schools `find` would give, only if they are kept and current; undefined otherwise (never searches). */
  keptFind(text: string, limit: number): Promise<SchoolHit[] | undefined>;
}

export function cachedSchoolSearch(inner: SchoolSearch, cache: VersionedCache): CachedSchoolSearch {
  // The answer depends only on the terms: "Oak  Prim" and "oak prim" share one.
  const findKey = (terms: readonly string[], limit: number) => JSON.stringify(["find", limit, terms]);
  return {
    find(text, limit) {
      const { terms } = schoolQueryOf(text);
      if (terms.length === 0) return inner.find(text, limit);
      return cache.remember(findKey(terms, limit), () => inner.find(text, limit));
    },
    keptFind(text, limit) {
      const { terms } = schoolQueryOf(text);
      return terms.length === 0 ? Promise.resolve(undefined) : cache.kept<SchoolHit[]>(findKey(terms, limit));
    },
  };
}
