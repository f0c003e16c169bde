import { versionedCache } from "../../cache/versioned-cache";
import type { DatabaseHandle } from "../../db/database";
import { cachedSchoolSearch, schoolSearchVersionReader, type CachedSchoolSearch } from "./cached-school-search";
import { postgresSchoolSearch } from "./postgres-school-search";
import { sqliteSchoolSearch } from "./sqlite-school-search";

/**
 * The school search engine that matches the database (the index lives in it,
 * migration 0011), behind one versioned cache (migration 0012) that keeps both
 * its answers and the index's word list until the register changes.
 */
export function createSchoolSearch(database: Pick<DatabaseHandle, "db" | "dialect">): CachedSchoolSearch {
  const cache = versionedCache({ readVersion: schoolSearchVersionReader(database.db) });
  const engine = database.dialect === "postgres" ? postgresSchoolSearch(database.db, cache) : sqliteSchoolSearch(database.db, cache);
  return cachedSchoolSearch(engine, cache);
}
