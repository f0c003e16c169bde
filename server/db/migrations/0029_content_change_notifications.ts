import { PostgresAdapter, sql, type Kysely } from "kysely";

/*
 * PostgreSQL only: a NOTIFY on the channel `content_changes` whenever one of
 * the change counters moves (migrations 0008, 0010, 0012 and 0018 bump them
 * from their tables' triggers), so every app process hears of a content
 * change and re-reads the counters instead of reading one on every request
 * (server/cache/content-version-feed.ts, docs/performance.md "Pushed change
 * counters"). The notification goes out when the write commits, and never
 * for a rollback; a transaction that moves a counter many times sends it once
 * (PostgreSQL folds identical notifications of one transaction). The payload
 * names the counter's table, for whoever watches the channel by hand.
 * SQLite serves one machine and reads its counters in-process: nothing here.
 */

const counterTables = ["content_versions", "search_index_state", "resource_listing_state", "school_search_state"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create function content_changes_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('content_changes', TG_TABLE_NAME);
      return null;
    end
  $$`.execute(db);
  for (const table of counterTables) {
    await sql
      .raw(`create trigger ${table}_notify after insert or update or delete or truncate on ${table}
        for each statement execute function content_changes_notify()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of counterTables) await sql.raw(`drop trigger if exists ${table}_notify on ${table}`).execute(db);
  await sql`drop function if exists content_changes_notify()`.execute(db);
}
