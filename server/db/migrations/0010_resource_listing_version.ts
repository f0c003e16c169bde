import { PostgresAdapter, sql, type Kysely } from "kysely";

/*
 * A change counter for the resources listing (server/resources/cached-resource-listing.ts):
 * every write to resources or their facet links bumps it, so a process that
 * cached a listing's counts and rows sees on its next request that they are
 * stale. In the database, so seeding, reseeding and any other writer keep it
 * right, and several app processes share it.
 */

const watchedTables = ["resources", "resource_facets"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table resource_listing_state (id integer primary key, version bigint not null)`.execute(db);
  await sql`insert into resource_listing_state (id, version) values (1, 0)`.execute(db);
  const bump = "update resource_listing_state set version = version + 1 where id = 1;";

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(`create function resource_listing_bump_version() returns trigger language plpgsql as $$
        begin ${bump} return null; end
      $$`)
      .execute(db);
    for (const table of watchedTables) {
      await sql
        .raw(`create trigger ${table}_listing_version after insert or update or delete or truncate on ${table}
          for each statement execute function resource_listing_bump_version()`)
        .execute(db);
    }
    return;
  }
  for (const table of watchedTables) {
    for (const event of ["insert", "update", "delete"]) {
      await sql.raw(`create trigger ${table}_listing_${event} after ${event} on ${table} begin ${bump} end`).execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of watchedTables) {
    if (postgres) await sql.raw(`drop trigger if exists ${table}_listing_version on ${table}`).execute(db);
    else for (const event of ["insert", "update", "delete"]) await sql.raw(`drop trigger if exists ${table}_listing_${event}`).execute(db);
  }
  if (postgres) await sql`drop function if exists resource_listing_bump_version()`.execute(db);
  await sql`drop table if exists resource_listing_state`.execute(db);
}
