import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { createDatabase } from "../../server/db/database";

/** The PostgreSQL server the bench creates its database on: BENCH_POSTGRES_URL, else DATABASE_URL_TEST, else the local default. */
export function benchPostgresAdminUrl(): string {
  return process.env.BENCH_POSTGRES_URL || process.env.DATABASE_URL_TEST || "postgres://postgres@127.0.0.1:5432/postgres";
}

export interface BenchPostgresDatabase {
  /** bench_<random hex>. */
  name: string;
  url: string;
  /** Drops the database (connections still open are ended first). */
  drop(): Promise<void>;
}

async function onAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = createDatabase(adminUrl, { maxConnections: 1 });
  try {
    await sql.raw(statement).execute(admin.db);
  } finally {
    await admin.close();
  }
}

/** A fresh, empty database `bench_<random>` on the bench's PostgreSQL server; the caller drops it. */
export async function createBenchPostgresDatabase(adminUrl = benchPostgresAdminUrl()): Promise<BenchPostgresDatabase> {
  const name = `bench_${randomBytes(5).toString("hex")}`;
  try {
    await onAdmin(adminUrl, `CREATE DATABASE ${name}`);
  } catch (error) {
    throw new Error(
      `Could not create a bench database on ${new URL(adminUrl).host}: ${(error as Error).message}. Start PostgreSQL, set BENCH_POSTGRES_URL, or leave postgres out of BENCH_ENGINES.`,
      { cause: error },
    );
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.href, drop: () => onAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
