import type { Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * The Tessitura adapter's seat ledger (issue 30; docs/crm.md, "The Tessitura
 * adapter"): Tessitura 15.2 does not describe benefit usage per membership,
 * so the seats of a Tessitura membership are counted here, keyed by its
 * Tessitura membership id (no foreign key: the membership is not in this
 * database). Same shape and same one-UPDATE claim as the embedded CRM's
 * membership_benefits and benefit_usages (0011).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = autoId(db);
  await db.schema
    .createTable("tessitura_seat_benefits")
    .addColumn("id", "integer", id)
    .addColumn("membership_id", "integer", required)
    .addColumn("benefit_id", "integer", required)
    .addColumn("unlimited_indicator", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("total_available", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("total_used", "integer", (column) => column.notNull().defaultTo(0))
    .addUniqueConstraint("tessitura_seat_benefits_membership_benefit", ["membership_id", "benefit_id"])
    .execute();
  await db.schema
    .createTable("tessitura_seat_usages")
    .addColumn("id", "integer", id)
    .addColumn("seat_benefit_id", "integer", (column) => column.notNull().references("tessitura_seat_benefits.id").onDelete("cascade"))
    .addColumn("constituent_id", "integer", required)
    .addColumn("used_at", "text", required)
    .addColumn("inactive", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("tessitura_seat_usages").execute();
  await db.schema.dropTable("tessitura_seat_benefits").execute();
}
