import type { Kysely } from "kysely";
import { openDatabase } from "./open-database";
import { migrateToLatest } from "./db/migrator";
import type { Database } from "./db/schema";

/**
 * For the npm commands that write to the site's database (seed, schools
 * import): opens it, migrates it first so a new database works too, runs
 * `work`, and always closes it.
 */
export async function withMigratedDatabase<T>(databaseUrl: string, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const database = openDatabase(databaseUrl);
  try {
    await migrateToLatest(database.db);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/** The command was used wrongly, or refused what it was asked: runCommand prints the message alone and exits 2. */
export class UsageError extends Error {}

/**
 * Runs a command's `main` and exits with its code. A UsageError exits 2 with
 * its one line; any other failure exits 1 with one line saying what went
 * wrong (`describe`), never a stack trace.
 */
export function runCommand(main: () => Promise<number>, describe: (error: unknown) => string): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof UsageError ? error.message : describe(error));
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
}

/** A command's output on stdout (not the log: for a terminal or a pipe), one line each, flushed before the process exits. */
export function printLines(lines: readonly string[]): Promise<void> {
  return new Promise((resolve) => process.stdout.write(lines.map((line) => `${line}\n`).join(""), () => resolve()));
}
