import { type Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * Sign-in support (server/accounts/tables.ts has the row types):
 * - constituents.auth_version: bumped when a password changes, so every
 *   session signed in with the old one ends (server/http/session-user.ts);
 * - password_reset_tokens: single-use reset links, stored as sha256 hashes;
 * - login_lockouts: accounts and addresses refused after too many failed
 *   sign-ins, until the counting window ends (server/accounts/login-throttle.ts).
 * Conventions as 0002: integer ids, ISO 8601 UTC text timestamps, no booleans.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("constituents")
    .addColumn("auth_version", "integer", (column) => column.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable("password_reset_tokens")
    .addColumn("id", "integer", autoId(db))
    .addColumn("constituent_id", "integer", (column) => column.notNull().references("constituents.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("created_at", "text", required)
    .addColumn("expires_at", "text", required)
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("password_reset_tokens_constituent_id")
    .on("password_reset_tokens")
    .column("constituent_id")
    .execute();

  await db.schema
    .createTable("login_lockouts")
    .addColumn("subject_key", "text", (column) => column.primaryKey())
    .addColumn("locked_until", "text", required)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_lockouts").execute();
  await db.schema.dropTable("password_reset_tokens").execute();
  await db.schema.alterTable("constituents").dropColumn("auth_version").execute();
}
