import type { Kysely } from "kysely";
import { required } from "../column-builders";

/*
 * Document numbers that never repeat, and card payments' receipts (issue 29;
 * docs/payments.md "Receipts and invoices"; row types in
 * server/payments/tables.ts).
 * - document_numbers: one row per series ("invoice", "receipt") holding the
 *   last number given. A number is taken by incrementing the row inside the
 *   caller's transaction: the row stays locked until it commits, so two
 *   transactions never share a number, and one that rolls back gives its
 *   number back (no gaps).
 * - payment_receipts: the receipt number of a paid card order, written in the
 *   fulfilment's own transaction; one per order, each number once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("document_numbers")
    .addColumn("series", "text", (column) => column.primaryKey())
    .addColumn("last_number", "integer", required)
    .execute();
  await db
    .insertInto("document_numbers" as never)
    .values([
      { series: "invoice", last_number: 0 },
      { series: "receipt", last_number: 0 },
    ] as never)
    .execute();
  await db.schema
    .createTable("payment_receipts")
    .addColumn("order_id", "integer", (column) => column.primaryKey().references("payment_orders.id").onDelete("cascade"))
    .addColumn("number", "text", (column) => column.notNull().unique())
    .addColumn("issued_at", "text", required)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_receipts").execute();
  await db.schema.dropTable("document_numbers").execute();
}
