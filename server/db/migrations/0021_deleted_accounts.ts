import type { Kysely } from "kysely";

/*
 * Deleted accounts (docs/my-account.md, "Delete my account"): the person's
 * row stays, anonymised, so the orders kept for accounting (payment_orders,
 * whose constituent_id cascades) still have their payer; deleted_at marks it
 * so that no sign-in, reset, lookup or session ever finds it again.
 * ISO 8601 UTC text, null for a live account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("constituents").addColumn("deleted_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("constituents").dropColumn("deleted_at").execute();
}
