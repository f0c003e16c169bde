import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { buildSchoolIndex, type SchoolIndex } from "./school-index";
import type { SchoolHit } from "./school-search-port";
import type { SchoolRow } from "./school-search-query";

/*
 * School search on both databases: each process reads the register once into
 * an in-memory index (school-index.ts) and builds it again when the
 * register's change counter (school_search_state.version, migration 0012's
 * triggers) moves. A search then costs no query at all: the counter is read
 * once per request, by the answer cache in front (cached-school-search.ts),
 * which hands the version it read down here. SQLite and PostgreSQL give the
 * same answers because the same code ranks the same rows (docs/schools.md,
 * "Search").
 */

/** The register as search sees it, in a fixed order. */
export async function schoolRowsOf(db: Kysely<Database>): Promise<SchoolRow[]> {
  const result = await sql<SchoolRow>`
    select constituent_id, urn, kind, name, street1, street2, street3, city, postcode
    from schools order by constituent_id`.execute(db);
  return result.rows;
}

/** School search at a version of the register that the caller has just read. */
export interface SchoolSearchAtVersion {
  /** The best `limit` schools for the query's terms (schoolQueryOf), from the register as it is at `version`. */
  findAt(version: number, terms: readonly string[], limit: number): Promise<SchoolHit[]>;
}

export function inMemorySchoolSearch(db: Kysely<Database>): SchoolSearchAtVersion {
  let current: { version: number; index: Promise<SchoolIndex> } | undefined;

  async function indexFor(version: number): Promise<SchoolIndex> {
    if (current?.version === version) return current.index;
    // Requests that arrive during the build share it; a failed build is not kept.
    const index = schoolRowsOf(db).then(buildSchoolIndex);
    const entry = { version, index };
    current = entry;
    index.catch(() => {
      if (current === entry) current = undefined;
    });
    return index;
  }

  return {
    async findAt(version, terms, limit) {
      const index = await indexFor(version);
      return index.find(terms, limit);
    },
  };
}
