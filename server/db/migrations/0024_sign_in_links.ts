import type { Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * Emailed sign-in links (server/accounts/sign-in-links.ts, docs/accounts.md):
 * offered while password sign-in is throttled, so the owner of an account
 * under attack can still get in. As password_reset_tokens: only the sha256
 * of the token is kept; a row works once, until expires_at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sign_in_link_tokens")
    .addColumn("id", "integer", autoId(db))
    .addColumn("constituent_id", "integer", (column) => column.notNull().references("constituents.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("created_at", "text", required)
    .addColumn("expires_at", "text", required)
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("sign_in_link_tokens_constituent_id").on("sign_in_link_tokens").column("constituent_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sign_in_link_tokens").execute();
}
