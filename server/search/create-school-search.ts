import type { DatabaseHandle } from "../db/database";
import { postgresSchoolSearch } from "./postgres-school-search";
import type { SchoolSearch } from "./school-search-port";
import { sqliteSchoolSearch } from "./sqlite-school-search";

/** The school search engine that matches the database (the index lives in it, migration 0011). */
export function createSchoolSearch(database: Pick<DatabaseHandle, "db" | "dialect">): SchoolSearch {
  return database.dialect === "postgres" ? postgresSchoolSearch(database.db) : sqliteSchoolSearch(database.db);
}
