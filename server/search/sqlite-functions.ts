import type SqliteDatabase from "better-sqlite3";
import { htmlToPlainText } from "./plain-text";

/**
 * SQL functions the search index triggers call (migration 0008). Registered
 * on every SQLite connection the app opens, before any write: a trigger that
 * calls a missing function fails the write.
 */
export function registerSqliteSearchFunctions(database: SqliteDatabase.Database): void {
  database.function("search_plain_text", { deterministic: true }, (html: unknown) =>
    htmlToPlainText(typeof html === "string" ? html : ""),
  );
}
