/*
 * One process of tests/server/content/seed-once.test.ts: opens DATABASE_URL
 * on a connection of its own, says "ready", waits for "go" on stdin (so the
 * test can start several at the same moment), runs seedIfEmpty and prints
 * "seeded" or "skipped".
 */
import { createInterface } from "node:readline";
import { seedIfEmpty } from "../../../server/content/seed";
import { openDatabase } from "../../../server/open-database";

const database = openDatabase(process.env.DATABASE_URL!, { maxConnections: 1 });
// The connection is opened before "ready", so the race starts at the seed itself.
await database.db.selectFrom("pages").select("id").limit(1).execute();
process.stdout.write("ready\n");
await new Promise<void>((resolve) => createInterface({ input: process.stdin }).once("line", () => resolve()));
try {
  process.stdout.write(`${(await seedIfEmpty(database.db, { now: new Date("2026-11-21T12:00:00.000Z") })) ? "seeded" : "skipped"}\n`);
} finally {
  await database.close();
}
