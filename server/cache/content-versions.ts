import type SqliteDatabase from "better-sqlite3";
import { sql, type Kysely, type RawBuilder } from "kysely";
import { sqliteConnectionOf } from "../db/database";
import type { Database } from "../db/schema";
import type { ContentVersionFeed } from "./content-version-feed";

/** The change counters of migration 0018: `site` moves with any content a public page shows. */
export type ContentVersionName = "events" | "pages" | "site";

/** The feed each database's readers follow, set by the composition root before it builds the services. */
const feeds = new WeakMap<Kysely<Database>, ContentVersionFeed>();

/** From now on, version readers made for `db` follow `feed` (server/services.ts, on PostgreSQL). */
export function pushContentVersions(db: Kysely<Database>, feed: ContentVersionFeed): void {
  feeds.set(db, feed);
}

/**
 * Reads one change counter (migrations 0008, 0010, 0012, 0018), on every
 * request that a cache answers, so it must cost next to nothing
 * (docs/performance.md, "Reading a change counter"). The query is compiled
 * once. On SQLite it is also prepared once and run on the connection itself,
 * a 1–2 µs primary-key read where going through Kysely (which prepares the
 * statement again and takes its connection mutex each time) costs 20–25 µs.
 * While a transaction is open on that connection the read goes through
 * Kysely, which waits for it to end: the connection itself would see the
 * transaction's uncommitted bump, and an answer computed after a rollback
 * would be kept under a version that a later change then reuses.
 *
 * On PostgreSQL the composition root gives the database a feed
 * (pushContentVersions): readers made after that get the counter pushed to
 * the process, no query, and read it through Kysely only while the feed is
 * not live (server/cache/content-version-feed.ts).
 */
export function versionReader(db: Kysely<Database>, query: RawBuilder<{ version: number | string }>): () => Promise<number> {
  const compiled = query.compile(db);
  const throughKysely = async () => {
    const result = await db.executeQuery(compiled);
    return Number(result.rows[0]?.version ?? 0);
  };
  const feed = feeds.get(db);
  if (feed) return feed.reader(compiled, throughKysely);
  const sqlite = sqliteConnectionOf(db);
  if (!sqlite) return throughKysely;
  // Prepared on first use: the reader is made before the migrations have created its table.
  let statement: SqliteDatabase.Statement<unknown[], unknown> | undefined;
  return async () => {
    if (sqlite.inTransaction) return throughKysely();
    statement ??= sqlite.prepare<unknown[], unknown>(compiled.sql).pluck();
    return Number(statement.get(...compiled.parameters) ?? 0);
  };
}

/** One of migration 0018's counters. */
export function contentVersionReader(db: Kysely<Database>, name: ContentVersionName): () => Promise<number> {
  return versionReader(db, sql`select version from content_versions where name = ${name}`);
}
