import { PostgresAdapter, sql, type Kysely } from "kysely";

/*
 * The site search index (docs/search.md): one document per event, resource
 * and page, kept in step by triggers in the database itself, so seeding,
 * reseeding and any later write update it without application code having to
 * remember. Existing rows are backfilled here.
 *
 * Document: title; body = summary + the plain text of the HTML body
 * (search_plain_text: tags -> spaces, five entities decoded); url; image;
 * published_at (events: always published; resources: their date, shown once
 * it has passed; pages: null while a draft).
 *
 * SQLite: an FTS5 table; rowid = id * 4 + kind code (event 1, resource 2,
 * page 3) so a trigger finds a document by its key without a scan.
 * search_plain_text is a JavaScript function on each connection
 * (server/search/sqlite-functions.ts).
 * PostgreSQL: a table with a stored tsvector (title weight A, body B) in a
 * simple + unaccent configuration, GIN indexes on it and on the title's
 * trigrams, plpgsql triggers and an SQL search_plain_text.
 */

const ALWAYS_PUBLISHED = "'1970-01-01T00:00:00.000Z'";

interface Source {
  table: "events" | "resources" | "pages";
  kind: "event" | "resource" | "page";
  code: number;
  /** SQL over the row alias `r` (NEW/OLD in triggers). */
  body: (r: string) => string;
  url: (r: string) => string;
  image: (r: string) => string;
  publishedAt: (r: string) => string;
  /** The columns whose change changes the document. */
  columns: string[];
}

const sources: Source[] = [
  {
    table: "events",
    kind: "event",
    code: 1,
    body: (r) => `trim(${r}.summary || ' ' || search_plain_text(${r}.description_html))`,
    url: (r) => `'/whats-on/' || ${r}.slug || '/'`,
    image: (r) => `nullif(${r}.image_url, '')`,
    publishedAt: () => ALWAYS_PUBLISHED,
    columns: ["id", "slug", "title", "summary", "description_html", "image_url"],
  },
  {
    table: "resources",
    kind: "resource",
    code: 2,
    body: (r) => `trim(${r}.summary || ' ' || search_plain_text(${r}.body_html))`,
    url: (r) => `'/resources/' || ${r}.slug || '/'`,
    image: (r) => `nullif(${r}.image_url, '')`,
    publishedAt: (r) => `${r}.published_at`,
    columns: ["id", "slug", "title", "summary", "body_html", "image_url", "published_at"],
  },
  {
    table: "pages",
    kind: "page",
    code: 3,
    body: (r) => `trim(${r}.summary || ' ' || search_plain_text(${r}.body_html))`,
    url: (r) => `'/' || ${r}.slug || '/'`,
    image: () => "null",
    publishedAt: (r) => `${r}.published_at`,
    columns: ["id", "slug", "title", "summary", "body_html", "published_at"],
  },
];

const documentColumns = "kind, object_id, title, body, url, image_url, published_at";

function documentValues(source: Source, r: string): string {
  return `'${source.kind}', ${r}.id, ${r}.title, ${source.body(r)}, ${source.url(r)}, ${source.image(r)}, ${source.publishedAt(r)}`;
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

/** Every change to the index adds one, so cached results can tell they are stale (server/search/cached-site-search.ts). */
async function createVersionTable(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_index_state (id integer primary key, version bigint not null)`.execute(db);
  await sql`insert into search_index_state (id, version) values (1, 0)`.execute(db);
}

const bumpVersion = "update search_index_state set version = version + 1 where id = 1;";

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  await createVersionTable(db);
  await sql`create virtual table search_index using fts5(
    title, body,
    kind unindexed, object_id unindexed, url unindexed, image_url unindexed, published_at unindexed,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3'
  )`.execute(db);

  for (const source of sources) {
    const rowid = (r: string) => `${r}.id * 4 + ${source.code}`;
    const insert = `insert into search_index (rowid, ${documentColumns}) values (${rowid("new")}, ${documentValues(source, "new")});`;
    const remove = `delete from search_index where rowid = ${rowid("old")};`;
    await sql.raw(`create trigger ${source.table}_search_insert after insert on ${source.table} begin ${insert} ${bumpVersion} end`).execute(db);
    await sql
      .raw(`create trigger ${source.table}_search_update after update of ${source.columns.join(", ")} on ${source.table}
        begin ${remove} ${insert} ${bumpVersion} end`)
      .execute(db);
    await sql
      .raw(`create trigger ${source.table}_search_delete after delete on ${source.table} begin ${remove} ${bumpVersion} end`)
      .execute(db);
    await sql
      .raw(`insert into search_index (rowid, ${documentColumns}) select ${rowid("r")}, ${documentValues(source, "r")} from ${source.table} r`)
      .execute(db);
  }
}

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
  // simple: no stemming, so a half-typed word prefix-matches the word as written; unaccent: "cafe" finds "café".
  await sql`create text search configuration site_search (copy = simple)`.execute(db);
  await sql`alter text search configuration site_search
    alter mapping for hword, hword_part, word with unaccent, simple`.execute(db);

  // Keep in step with server/search/plain-text.ts.
  await sql`create function search_plain_text(html text) returns text
    language sql immutable parallel safe as $$
      select btrim(regexp_replace(
        replace(replace(replace(replace(replace(replace(
          regexp_replace(coalesce(html, ''), '<[^>]*>', ' ', 'g'),
          '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'),
        '\\s+', ' ', 'g'))
    $$`.execute(db);

  await sql`create table search_documents (
    kind text not null,
    object_id integer not null,
    title text not null,
    body text not null,
    url text not null,
    image_url text,
    published_at text,
    document tsvector generated always as (
      setweight(to_tsvector('site_search', title), 'A') || setweight(to_tsvector('site_search', body), 'B')
    ) stored,
    primary key (kind, object_id)
  )`.execute(db);
  await createVersionTable(db);
  // Once per statement, not per row: a reseed of 10,000 rows bumps it once.
  await sql`create function search_index_bump_version() returns trigger language plpgsql as $$
    begin
      update search_index_state set version = version + 1 where id = 1;
      return null;
    end
  $$`.execute(db);
  await sql`create index search_documents_document on search_documents using gin (document)`.execute(db);
  await sql`create index search_documents_title_trgm on search_documents using gin (title gin_trgm_ops)`.execute(db);

  for (const source of sources) {
    const upsert = `insert into search_documents (${documentColumns}) values (${documentValues(source, "new")})
      on conflict (kind, object_id) do update set title = excluded.title, body = excluded.body, url = excluded.url,
        image_url = excluded.image_url, published_at = excluded.published_at`;
    await sql
      .raw(`create function ${source.table}_search_index() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.id <> new.id) then
            delete from search_documents where kind = '${source.kind}' and object_id = old.id;
          end if;
          if tg_op = 'DELETE' then
            return old;
          end if;
          ${upsert};
          return new;
        end
      $$`)
      .execute(db);
    await sql
      .raw(`create trigger ${source.table}_search_insert after insert on ${source.table}
        for each row execute function ${source.table}_search_index()`)
      .execute(db);
    await sql
      .raw(`create trigger ${source.table}_search_update after update of ${source.columns.join(", ")} on ${source.table}
        for each row execute function ${source.table}_search_index()`)
      .execute(db);
    await sql
      .raw(`create trigger ${source.table}_search_delete after delete on ${source.table}
        for each row execute function ${source.table}_search_index()`)
      .execute(db);
    await sql
      .raw(`create function ${source.table}_search_truncate() returns trigger language plpgsql as $$
        begin
          delete from search_documents where kind = '${source.kind}';
          return null;
        end
      $$`)
      .execute(db);
    await sql
      .raw(`create trigger ${source.table}_search_truncate after truncate on ${source.table}
        for each statement execute function ${source.table}_search_truncate()`)
      .execute(db);
    await sql
      .raw(`create trigger ${source.table}_search_version
        after insert or update of ${source.columns.join(", ")} or delete or truncate on ${source.table}
        for each statement execute function search_index_bump_version()`)
      .execute(db);
    await sql
      .raw(`insert into search_documents (${documentColumns}) select ${documentValues(source, "r")} from ${source.table} r`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const source of sources) {
      for (const event of ["insert", "update", "delete", "truncate", "version"]) {
        await sql.raw(`drop trigger if exists ${source.table}_search_${event} on ${source.table}`).execute(db);
      }
      await sql.raw(`drop function if exists ${source.table}_search_index()`).execute(db);
      await sql.raw(`drop function if exists ${source.table}_search_truncate()`).execute(db);
    }
    await sql`drop table if exists search_documents`.execute(db);
    await sql`drop table if exists search_index_state`.execute(db);
    await sql`drop function if exists search_index_bump_version()`.execute(db);
    await sql`drop function if exists search_plain_text(text)`.execute(db);
    await sql`drop text search configuration if exists site_search`.execute(db);
    return;
  }
  for (const source of sources) {
    for (const event of ["insert", "update", "delete"]) {
      await sql.raw(`drop trigger if exists ${source.table}_search_${event}`).execute(db);
    }
  }
  await sql`drop table if exists search_index`.execute(db);
  await sql`drop table if exists search_index_state`.execute(db);
}
