import { PostgresAdapter, sql, type Kysely } from "kysely";

/*
 * A change counter for school search (server/schools/search/cached-school-search.ts):
 * every write to the schools register bumps it, so a process that kept an
 * answer, or the index's word list, sees on its next request that it is
 * stale. In the database, so the importer, the seed and the CRM keep it right,
 * and several app processes share it. The same shape as migration 0010.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table school_search_state (id integer primary key, version bigint not null)`.execute(db);
  await sql`insert into school_search_state (id, version) values (1, 0)`.execute(db);
  const bump = "update school_search_state set version = version + 1 where id = 1;";

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw(`create function school_search_bump_version() returns trigger language plpgsql as $$ begin ${bump} return null; end $$`).execute(db);
    await sql
      .raw(`create trigger schools_search_version after insert or update or delete or truncate on schools
        for each statement execute function school_search_bump_version()`)
      .execute(db);
    return;
  }
  for (const event of ["insert", "update", "delete"]) {
    await sql.raw(`create trigger schools_search_version_${event} after ${event} on schools begin ${bump} end`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists schools_search_version on schools`.execute(db);
    await sql`drop function if exists school_search_bump_version()`.execute(db);
  } else {
    for (const event of ["insert", "update", "delete"]) await sql.raw(`drop trigger if exists schools_search_version_${event}`).execute(db);
  }
  await sql`drop table if exists school_search_state`.execute(db);
}
