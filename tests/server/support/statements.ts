import type { Kysely } from "kysely";
import { sqliteConnectionOf } from "../../../server/db/database";
import type { Database } from "../../../server/db/schema";

/** The SQL statements run on a SQLite database from now on, as Kysely prepares each one, until stop(). */
export interface StatementLog {
  /** Every statement so far, in order. */
  all(): string[];
  /** Those that read or write `table` (named as Kysely quotes it). */
  naming(table: string): string[];
  clear(): void;
  stop(): void;
}

export function logStatements(db: Kysely<Database>): StatementLog {
  const connection = sqliteConnectionOf(db);
  if (!connection) throw new Error("logStatements needs the app's SQLite database");
  const prepare = connection.prepare;
  const statements: string[] = [];
  connection.prepare = function (this: typeof connection, source: string) {
    statements.push(source);
    return prepare.call(this, source);
  } as typeof prepare;
  return {
    all: () => [...statements],
    naming: (table) => statements.filter((statement) => statement.includes(`"${table}"`)),
    clear: () => void (statements.length = 0),
    stop: () => void (connection.prepare = prepare),
  };
}
