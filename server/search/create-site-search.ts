import type { DatabaseHandle } from "../db/database";
import { cachedSiteSearch, searchIndexVersionReader, type CachedSiteSearch } from "./cached-site-search";
import { postgresSiteSearch } from "./postgres-site-search";
import { sqliteSiteSearch } from "./sqlite-site-search";

/** The search engine that matches the database (the index lives in it, migration 0008), behind the result cache. */
export function createSiteSearch(database: Pick<DatabaseHandle, "db" | "dialect">): CachedSiteSearch {
  const engine = database.dialect === "postgres" ? postgresSiteSearch(database.db) : sqliteSiteSearch(database.db);
  return cachedSiteSearch(engine, { readVersion: searchIndexVersionReader(database.db) });
}
