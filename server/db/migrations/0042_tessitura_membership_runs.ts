import type { Kysely } from "kysely";
import { required } from "../column-builders";

/*
 * A Tessitura membership's run (issue 30; docs/crm.md, "Renewals" and
 * "Ending a membership now"): Tessitura 15.2 may renew a membership as a new
 * record, so the adapter notes which record each renewal made from which
 * (tessitura_membership_renewals); and its REST API writes no membership, so
 * a refund's end is kept here (tessitura_membership_ends) and the adapter
 * honours it, as long as Tessitura still gives the membership the expiry it
 * had then (`tessitura_expiry`): one renewed in place in Tessitura
 * afterwards runs again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tessitura_membership_renewals")
    .addColumn("membership_id", "integer", (column) => column.primaryKey())
    .addColumn("renews_membership_id", "integer", required)
    .execute();
  await db.schema.createIndex("tessitura_membership_renewals_renews").on("tessitura_membership_renewals").column("renews_membership_id").execute();
  await db.schema
    .createTable("tessitura_membership_ends")
    .addColumn("membership_id", "integer", (column) => column.primaryKey())
    .addColumn("ended_at", "text", required)
    .addColumn("tessitura_expiry", "text", required)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("tessitura_membership_ends").execute();
  await db.schema.dropTable("tessitura_membership_renewals").execute();
}
