import type { Kysely } from "kysely";

/*
 * Confirmed email changes (server/accounts/email-change.ts, docs/my-account.md):
 * a change of address is a link sent to the NEW address, held in
 * email_verification_tokens (0013) like any verification link, with `email`
 * the address it would switch to. `purpose` tells the two kinds apart:
 * "verify" (confirm the current address) or "change" (switch to `email`).
 * Until the link is followed the account keeps its old address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("email_verification_tokens")
    .addColumn("purpose", "text", (column) => column.notNull().defaultTo("verify"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("email_verification_tokens").dropColumn("purpose").execute();
}
