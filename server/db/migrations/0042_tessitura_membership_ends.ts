import type { Kysely } from "kysely";
import { required } from "../column-builders";

/*
 * Tessitura memberships the site has ended early (issue 30; docs/crm.md,
 * "Ending a membership now"): Tessitura 15.2's REST API writes no
 * membership, so a refund's end is kept here and the adapter honours it,
 * as long as Tessitura still gives the membership the expiry it had then
 * (`tessitura_expiry`): one renewed in place in Tessitura afterwards runs
 * again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tessitura_membership_ends")
    .addColumn("membership_id", "integer", (column) => column.primaryKey())
    .addColumn("ended_at", "text", required)
    .addColumn("tessitura_expiry", "text", required)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("tessitura_membership_ends").execute();
}
