import type { Kysely } from "kysely";
import { required } from "../column-builders";

/*
 * Whose each Tessitura membership is (issue 30; docs/crm.md, "The Tessitura
 * adapter"): Tessitura 15.2 lists memberships only by constituent
 * (/CRM/Memberships/Details?constituentId=), never by id, so the adapter
 * notes the holder of every membership it creates or lists, and
 * membershipSummary(id) asks Tessitura about that holder's memberships.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("tessitura_membership_holders")
    .addColumn("membership_id", "integer", (column) => column.primaryKey())
    .addColumn("constituent_id", "integer", required)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("tessitura_membership_holders").execute();
}
