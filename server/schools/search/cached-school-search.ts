import { sql, type Kysely } from "kysely";
import { versionReader } from "../../cache/content-versions";
import type { VersionedCache } from "../../cache/versioned-cache";
import type { Database } from "../../db/schema";
import type { SchoolSearchAtVersion } from "./in-memory-school-search";
import { schoolQueryOf } from "./school-search-query";
import type { SchoolSearch } from "./school-search-port";

/*
 * The wizard's school search asks the same prefixes over and over as people
 * type. So, as with site search (cached-site-search.ts), answers go through a
 * versioned cache keyed on the query's terms and on school_search_state.version,
 * which migration 0012's triggers bump on every write to the register. The
 * version is read once per search, here, and handed to the index.
 */

/** The change counter of the school register in `db` (migration 0012). */
export function schoolSearchVersionReader(db: Kysely<Database>): () => Promise<number> {
  return versionReader(db, sql`select version from school_search_state where id = 1`);
}

const noSchools = Promise.resolve([]);

export function cachedSchoolSearch(inner: SchoolSearchAtVersion, cache: VersionedCache): SchoolSearch {
  return {
    find(text, limit) {
      const { terms } = schoolQueryOf(text);
      if (terms.length === 0 || limit <= 0) return noSchools;
      // The answer depends only on the terms: "Oak  Prim" and "oak prim" share one.
      return cache.remember(JSON.stringify(["find", limit, terms]), (version) => inner.findAt(version, terms, limit));
    },
  };
}
