import { createDatabase, type CreateDatabaseOptions, type DatabaseHandle } from "./db/database";
import { registerSqliteSearchFunctions } from "./search/sqlite-functions";

/**
 * The site's database, opened with what features need on every connection:
 * the search index triggers (migration 0008) call search's SQL functions on
 * every write to content, so a SQLite connection without them fails writes.
 * server/db/ knows no feature; this composition-level opener tells it.
 */
export function openDatabase(url: string, options: Omit<CreateDatabaseOptions, "onSqliteConnection"> = {}): DatabaseHandle {
  return createDatabase(url, { ...options, onSqliteConnection: registerSqliteSearchFunctions });
}
