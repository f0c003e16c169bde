import type { Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * Refunds of paid orders (issue 28 "Orders", issue 29 "Refunds";
 * docs/payments.md; row types in server/payments/tables.ts). One row per
 * refund, whoever started it: staff from the back office (staff_id) or the
 * provider (a refund made in Stripe's dashboard, told by charge.refunded).
 * `refunded_total_pence` is the order's refunded total after this refund,
 * and is unique per order: the provider reports the total refunded, so a
 * notification for a refund already recorded (or the same notification
 * twice, at once) finds its total taken and records nothing.
 * (0031 is left for the back office's school pages, made alongside.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payment_refunds")
    .addColumn("id", "integer", autoId(db))
    .addColumn("order_id", "integer", (column) => column.notNull().references("payment_orders.id").onDelete("cascade"))
    .addColumn("amount_pence", "integer", required)
    .addColumn("refunded_total_pence", "integer", required)
    .addColumn("provider_reference", "text")
    .addColumn("started_by", "text", required)
    .addColumn("staff_id", "integer")
    .addColumn("membership_ended", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "text", required)
    .execute();
  await db.schema.createIndex("payment_refunds_order_total").on("payment_refunds").columns(["order_id", "refunded_total_pence"]).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_refunds").execute();
}
