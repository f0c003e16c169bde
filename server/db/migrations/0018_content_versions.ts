import { PostgresAdapter, sql, type Kysely } from "kysely";

/*
 * Change counters for what visitors see (server/cache/content-versions.ts):
 * `events` for the event tables (the instances API's answer cache), `pages`
 * for the editor pages and site settings, and `site`, bumped by every table
 * any public page reads, for the anonymous page cache (server/cache/http/page-cache.ts).
 * In the database, like migrations 0010 and 0012, so seeding, any other writer
 * and several app processes keep and see the same counters.
 */

const groups: Record<string, readonly string[]> = {
  events: ["events", "event_instances", "event_taxonomy_terms"],
  pages: ["pages", "site_settings"],
  // Only `site`: no cache reads these apart.
  site: ["resources", "resource_facets", "resource_facet_terms", "resource_activities", "people", "people_teams", "galleries", "gallery_items"],
};
const counters = ["events", "pages", "site"] as const;
const sqliteEvents = ["insert", "update", "delete"] as const;

/** The counters a write to one of `group`'s tables bumps: its own and the site's. */
const bumped = (group: string) => (group === "site" ? "('site')" : `('site', '${group}')`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table content_versions (name varchar(20) primary key, version bigint not null)`.execute(db);
  for (const name of counters) await sql`insert into content_versions (name, version) values (${name}, 0)`.execute(db);

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // One function; the trigger passes its group as the argument.
    await sql
      .raw(`create function content_versions_bump() returns trigger language plpgsql as $$
        begin
          update content_versions set version = version + 1 where name = 'site' or name = TG_ARGV[0];
          return null;
        end
      $$`)
      .execute(db);
    for (const [group, tables] of Object.entries(groups)) {
      for (const table of tables) {
        await sql
          .raw(`create trigger ${table}_content_version after insert or update or delete or truncate on ${table}
            for each statement execute function content_versions_bump('${group}')`)
          .execute(db);
      }
    }
    return;
  }
  for (const [group, tables] of Object.entries(groups)) {
    for (const table of tables) {
      for (const event of sqliteEvents) {
        await sql
          .raw(`create trigger ${table}_content_version_${event} after ${event} on ${table}
            begin update content_versions set version = version + 1 where name in ${bumped(group)}; end`)
          .execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of Object.values(groups).flat()) {
    if (postgres) await sql.raw(`drop trigger if exists ${table}_content_version on ${table}`).execute(db);
    else for (const event of sqliteEvents) await sql.raw(`drop trigger if exists ${table}_content_version_${event}`).execute(db);
  }
  if (postgres) await sql`drop function if exists content_versions_bump()`.execute(db);
  await sql`drop table if exists content_versions`.execute(db);
}
