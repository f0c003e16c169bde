import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import type { DatabaseHandle } from "../../../server/db/database";
import { openDatabase } from "../../../server/open-database";
import { migrateToLatest } from "../../../server/db/migrator";
import type { Database } from "../../../server/db/schema";

/*
 * One fresh database per test file (or per describe block): an SQLite file
 * under the OS temp directory, and, when DATABASE_URL_TEST or CI says so, a
 * uniquely named PostgreSQL database that is dropped afterwards. In CI
 * PostgreSQL tests never skip: an unreachable server fails them.
 */

export type DatabaseEngine = "sqlite" | "postgres";

const isCI = Boolean(process.env.CI);
const ciPostgresUrl = "postgres://127.0.0.1:5432/postgres";

/** The server used to create and drop test databases, if PostgreSQL tests should run. */
export function postgresAdminUrl(): string | undefined {
  return process.env.DATABASE_URL_TEST || (isCI ? ciPostgresUrl : undefined);
}

/** The engines every repository test runs on: SQLite always, PostgreSQL when configured. */
export const databaseEngines: DatabaseEngine[] = postgresAdminUrl() ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDatabase {
  engine: DatabaseEngine;
  /** A DATABASE_URL for this database, for code that opens its own connection. */
  url: string;
  handle: DatabaseHandle;
  db: Kysely<Database>;
  /** Closes the connection and deletes the database. */
  dispose(): Promise<void>;
}

export async function createTestDatabase(engine: DatabaseEngine, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const testDatabase = engine === "sqlite" ? createSqliteDatabase() : await createPostgresDatabase();
  if (options.migrate ?? true) await migrateToLatest(testDatabase.db);
  return testDatabase;
}

function createSqliteDatabase(): TestDatabase {
  const directory = mkdtempSync(path.join(os.tmpdir(), "site-test-"));
  const url = `sqlite:${path.join(directory, "site.sqlite")}`;
  const handle = openDatabase(url);
  return {
    engine: "sqlite",
    url,
    handle,
    db: handle.db,
    async dispose() {
      await handle.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const adminUrl = postgresAdminUrl();
  if (!adminUrl) throw new Error("PostgreSQL tests need DATABASE_URL_TEST (e.g. postgres://127.0.0.1:5432/postgres).");
  const name = `t_${randomBytes(6).toString("hex")}`;
  await onAdminConnection(adminUrl, (admin) => sql.raw(`CREATE DATABASE ${name}`).execute(admin));
  const url = databaseUrlWithName(adminUrl, name);
  const handle = openDatabase(url, { maxConnections: 4 });
  return {
    engine: "postgres",
    url,
    handle,
    db: handle.db,
    async dispose() {
      await handle.close();
      await onAdminConnection(adminUrl, (admin) => sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin));
    },
  };
}

async function onAdminConnection(adminUrl: string, work: (admin: Kysely<Database>) => Promise<unknown>): Promise<void> {
  const admin = openDatabase(adminUrl, { maxConnections: 1 });
  try {
    await work(admin.db);
  } catch (error) {
    const where = new URL(adminUrl).host;
    throw new Error(`PostgreSQL test database on ${where} failed: ${(error as Error).message}. Start PostgreSQL or unset DATABASE_URL_TEST.`, {
      cause: error,
    });
  } finally {
    await admin.close();
  }
}

function databaseUrlWithName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}
