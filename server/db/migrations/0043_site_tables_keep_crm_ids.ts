import { PostgresAdapter, sql, type Kysely } from "kysely";

/*
 * The site's own tables keep a CRM constituent's id as an opaque number
 * (issue 30; docs/crm.md, "Ids belong to the CRM"): they no longer reference
 * the embedded CRM's `constituents` table. With CRM_PROVIDER=tessitura every
 * id is Tessitura's, which that table never holds, so each of these foreign
 * keys refused the first write (a sign-up's credentials, a register school).
 * The embedded CRM's own tables (memberships, addresses, affiliations…) keep
 * theirs. No site code deletes a constituent (an erasure anonymises it), so
 * the cascades dropped here never ran outside tests.
 */

/** Each site table's columns that referenced constituents.id, and what a delete did to them. */
const REFERENCES: readonly { table: string; column: string; onDelete: "cascade" | "set null" }[] = [
  { table: "password_reset_tokens", column: "constituent_id", onDelete: "cascade" },
  { table: "saved_resources", column: "constituent_id", onDelete: "cascade" },
  { table: "schools", column: "constituent_id", onDelete: "cascade" },
  { table: "email_verification_tokens", column: "constituent_id", onDelete: "cascade" },
  { table: "organisation_creators", column: "organisation_id", onDelete: "cascade" },
  { table: "organisation_creators", column: "created_by", onDelete: "cascade" },
  { table: "payment_orders", column: "constituent_id", onDelete: "cascade" },
  { table: "payment_orders", column: "organisation_id", onDelete: "set null" },
  { table: "teacher_notes", column: "constituent_id", onDelete: "cascade" },
  { table: "share_links", column: "constituent_id", onDelete: "cascade" },
  { table: "school_invites", column: "school_id", onDelete: "cascade" },
  { table: "school_invites", column: "invited_by", onDelete: "set null" },
  { table: "school_invites", column: "accepted_by", onDelete: "set null" },
  { table: "sign_in_link_tokens", column: "constituent_id", onDelete: "cascade" },
  { table: "account_credentials", column: "constituent_id", onDelete: "cascade" },
  { table: "closed_schools", column: "constituent_id", onDelete: "cascade" },
  { table: "requests", column: "person_id", onDelete: "set null" },
  { table: "requests", column: "school_id", onDelete: "set null" },
  { table: "request_answers", column: "author_person_id", onDelete: "set null" },
];

const TABLES = [...new Set(REFERENCES.map((reference) => reference.table))];

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    const found = await sql<{ table_name: string; conname: string }>`
      select c.relname as table_name, con.conname
      from pg_constraint con join pg_class c on c.oid = con.conrelid
      where con.contype = 'f' and con.confrelid = 'constituents'::regclass and c.relname in (${sql.join(TABLES)})`.execute(db);
    for (const { table_name, conname } of found.rows) {
      await sql`alter table ${sql.table(table_name)} drop constraint ${sql.id(conname)}`.execute(db);
    }
    return;
  }
  // SQLite: the definition as stored, less each "references constituents" clause.
  const clause = /\s+references\s+"constituents"\s*\("id"\)\s+on delete (?:cascade|set null)/gi;
  await rebuildSqliteTables(db, TABLES, (_table, definition) => definition.replace(clause, ""));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const { table, column, onDelete } of REFERENCES) {
      await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_${column}_fkey`)}
        foreign key (${sql.id(column)}) references constituents (id) on delete ${sql.raw(onDelete)}`.execute(db);
    }
    return;
  }
  await rebuildSqliteTables(db, TABLES, (table, definition) =>
    REFERENCES.filter((reference) => reference.table === table).reduce(
      (changed, { column, onDelete }) =>
        changed.replace(new RegExp(`("${column}" integer(?: primary key)?(?: not null)?)`, "i"), `$1 references "constituents" ("id") on delete ${onDelete}`),
      definition,
    ),
  );
}

/**
 * SQLite cannot change a table's constraints, so each table is made again
 * from its stored definition, changed: a copy under a new name, its rows,
 * the old one dropped and the copy renamed, its indexes and triggers made
 * again (SQLite's "other kinds of table schema changes"). With foreign keys
 * off, or dropping a table would cascade; Kysely runs SQLite migrations
 * outside a transaction, and the rebuild itself is one.
 */
async function rebuildSqliteTables(db: Kysely<unknown>, tables: readonly string[], change: (table: string, definition: string) => string): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      for (const table of tables) {
        const objects = await sql<{ type: string; name: string; sql: string }>`
          select type, name, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(trx);
        const definition = objects.rows.find((row) => row.type === "table");
        if (!definition) throw new Error(`no table ${table} to rebuild`);
        const next = `${table}__next`;
        const created = change(table, definition.sql).replace(/^CREATE TABLE\s+("?)[^\s("]+\1/i, `CREATE TABLE "${next}"`);
        await sql.raw(created).execute(trx);
        await sql`insert into ${sql.table(next)} select * from ${sql.table(table)}`.execute(trx);
        await sql`drop table ${sql.table(table)}`.execute(trx);
        await sql`alter table ${sql.table(next)} rename to ${sql.table(table)}`.execute(trx);
        for (const other of objects.rows.filter((row) => row.type === "index" || row.type === "trigger")) await sql.raw(other.sql).execute(trx);
      }
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error("the rebuild left rows whose references do not resolve");
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
