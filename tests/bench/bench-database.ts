import { sql, type Kysely } from "kysely";
import { seedIfEmpty } from "../../server/content/seed";
import { openDatabase } from "../../server/open-database";
import { migrateToLatest } from "../../server/db/migrator";
import type { Database } from "../../server/db/schema";

/**
 * The frame of a bench seeding script: reads the target count from
 * `countVariable` (a whole number above 0, else `defaultCount`), opens
 * DATABASE_URL, migrates it and seeds the demo content when it is empty, as
 * the server would, then hands over. On PostgreSQL it then vacuums and
 * analyzes the tables, as autovacuum would do on its own a little later: left
 * to autovacuum, that work lands in whichever row is running then. Exits with
 * the error if anything fails.
 */
export function seedBenchDatabase(countVariable: string, defaultCount: number, work: (db: Kysely<Database>, target: number) => Promise<void>): void {
  const run = async () => {
    const url = process.env.DATABASE_URL;
    const target = Number(process.env[countVariable] ?? defaultCount);
    if (!url) throw new Error("Set DATABASE_URL to the bench database.");
    if (!Number.isSafeInteger(target) || target < 1) throw new Error(`${countVariable} must be a whole number above 0.`);
    const database = openDatabase(url);
    try {
      await migrateToLatest(database.db);
      await seedIfEmpty(database.db);
      await work(database.db, target);
      if (database.dialect === "postgres") await sql`vacuum analyze`.execute(database.db);
    } finally {
      await database.close();
    }
  };
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
