import { sql, type Kysely } from "kysely";

/*
 * A person's credentials belong to accounts, not to the CRM (issue 25,
 * docs/crm.md): `account_credentials`, one row per person who has any,
 * keyed by the constituent id. The password hash, auth_version and
 * email_verified_at move there from constituents, and constituents loses
 * them, so a Tessitura adapter never holds a password. A person with no
 * row has no password, version 1 and no verified address (a person staff
 * or an import created). SQLite can drop the three columns in place: none
 * is indexed, unique, keyed or named by a CHECK, view or trigger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("account_credentials")
    .addColumn("constituent_id", "integer", (column) => column.primaryKey().references("constituents.id").onDelete("cascade"))
    .addColumn("password_hash", "text")
    .addColumn("auth_version", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("email_verified_at", "text")
    .execute();
  await sql`
    insert into account_credentials (constituent_id, password_hash, auth_version, email_verified_at)
    select id, password_hash, auth_version, email_verified_at from constituents
    where password_hash is not null or auth_version <> 1 or email_verified_at is not null`.execute(db);
  // SQLite drops one column per ALTER TABLE.
  for (const column of ["password_hash", "auth_version", "email_verified_at"]) {
    await db.schema.alterTable("constituents").dropColumn(column).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("constituents").addColumn("password_hash", "text").execute();
  await db.schema.alterTable("constituents").addColumn("auth_version", "integer", (column) => column.notNull().defaultTo(1)).execute();
  await db.schema.alterTable("constituents").addColumn("email_verified_at", "text").execute();
  await sql`
    update constituents set
      password_hash = (select password_hash from account_credentials where constituent_id = constituents.id),
      auth_version = coalesce((select auth_version from account_credentials where constituent_id = constituents.id), 1),
      email_verified_at = (select email_verified_at from account_credentials where constituent_id = constituents.id)`.execute(db);
  await db.schema.dropTable("account_credentials").execute();
}
