import { type Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * Verified email addresses (server/accounts/email-verification*.ts):
 * - constituents.email_verified_at: when the person last proved they read
 *   their current address (a link followed, or an invite accepted); cleared
 *   when the address changes;
 * - email_verification_tokens: single-use links, stored as sha256 hashes like
 *   password_reset_tokens (0003), with the address they were sent to (a link
 *   for an old address never verifies a new one) and the registration
 *   wizard's pending choice (JSON) to resume after verifying. resume_key_hash
 *   names that choice in the redirect once the token is spent.
 * Conventions as 0002: integer ids, ISO 8601 UTC text timestamps, no booleans.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("constituents").addColumn("email_verified_at", "text").execute();

  await db.schema
    .createTable("email_verification_tokens")
    .addColumn("id", "integer", autoId(db))
    .addColumn("constituent_id", "integer", (column) => column.notNull().references("constituents.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("email", "text", required)
    .addColumn("pending_choice", "text")
    .addColumn("resume_key_hash", "text", (column) => column.unique())
    .addColumn("created_at", "text", required)
    .addColumn("expires_at", "text", required)
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("email_verification_tokens_constituent_id")
    .on("email_verification_tokens")
    .column("constituent_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("email_verification_tokens").execute();
  await db.schema.alterTable("constituents").dropColumn("email_verified_at").execute();
}
