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

/**
 * Runs a command's `main` and exits with its code; a failure exits 1 with
 * one line saying what went wrong (`describe`), never a stack trace.
 */
export function runCommand(main: () => Promise<number>, describe: (error: unknown) => string): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(describe(error));
      process.exit(1);
    },
  );
}
