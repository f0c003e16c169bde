import type { Kysely } from "kysely";
import { sqliteStatementsOf } from "../../../server/db/database";
import type { Database } from "../../../server/db/schema";

/** The SQL statements Kysely runs on a SQLite database from now on (it asks for each one's prepared statement), until stop(). */
export interface StatementLog {
  /** Every statement so far, in order. */
  all(): string[];
  /** Those that read or write `table` (named as Kysely quotes it). */
  naming(table: string): string[];
  clear(): void;
  stop(): void;
}

export function logStatements(db: Kysely<Database>): StatementLog {
  const connection = sqliteStatementsOf(db);
  if (!connection) throw new Error("logStatements needs the app's SQLite database");
  const prepare = connection.prepare;
  const statements: string[] = [];
  connection.prepare = (source: string) => {
    statements.push(source);
    return prepare(source);
  };
  return {
    all: () => [...statements],
    naming: (table) => statements.filter((statement) => statement.includes(`"${table}"`)),
    clear: () => void (statements.length = 0),
    stop: () => void (connection.prepare = prepare),
  };
}
