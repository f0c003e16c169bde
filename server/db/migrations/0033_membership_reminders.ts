import type { Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * Membership reminders (issue 29 "Reminders"; docs/memberships.md; row types
 * in server/memberships/tables.ts).
 * - membership_reminders: one row per reminder sent, the claim that makes it
 *   exactly once. A reminder is one membership's term (its expiry: a renewal
 *   in place moves it, and the new term gets its own reminders) and a number
 *   of days before it ends; the unique index makes a second process's claim
 *   of the same reminder insert nothing, so it sends nothing.
 * - membership_reminder_opt_outs: the people who asked for no reminders
 *   (My account, Profile tab); receipts are not affected.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("membership_reminders")
    .addColumn("id", "integer", autoId(db))
    .addColumn("membership_id", "integer", required)
    .addColumn("expires_at", "text", required)
    .addColumn("days_before", "integer", required)
    .addColumn("recipients", "integer", required)
    .addColumn("sent_at", "text", required)
    .execute();
  await db.schema
    .createIndex("membership_reminders_claim")
    .on("membership_reminders")
    .columns(["membership_id", "expires_at", "days_before"])
    .unique()
    .execute();
  await db.schema
    .createTable("membership_reminder_opt_outs")
    .addColumn("person_id", "integer", (column) => column.primaryKey())
    .addColumn("opted_out_at", "text", required)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("membership_reminder_opt_outs").execute();
  await db.schema.dropTable("membership_reminders").execute();
}
