import { versionedCache } from "../../cache/versioned-cache";
import type { DatabaseHandle } from "../../db/database";
import { cachedSchoolSearch, schoolSearchVersionReader } from "./cached-school-search";
import { inMemorySchoolSearch } from "./in-memory-school-search";
import type { SchoolSearch } from "./school-search-port";

/**
 * School search for either database: the in-memory index of the register,
 * rebuilt when its version moves (migration 0012), behind one versioned cache
 * of answers keyed by the query's terms.
 */
export function createSchoolSearch(database: Pick<DatabaseHandle, "db" | "dialect">): SchoolSearch {
  const cache = versionedCache({ readVersion: schoolSearchVersionReader(database.db) });
  return cachedSchoolSearch(inMemorySchoolSearch(database.db), cache);
}
