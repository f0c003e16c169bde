import type { Kysely } from "kysely";
import { required } from "../column-builders";

/*
 * Schools that pay by invoice (issue 29; docs/payments.md "Pay by invoice";
 * row types in server/payments/tables.ts and server/memberships/tables.ts).
 * - school_invoices: the invoice of an order placed "by invoice" (its
 *   payment_orders row holds the plan, amount and membership). The number is
 *   sequential (document_numbers); the token is the emailed link's bearer
 *   secret, so a school's finance office can open the PDF without an account.
 * - invoice_chasers: one row per chasing step taken (the reminder when due,
 *   the reminder 15 days later, the suspension at 60 days), the claim that
 *   makes each step happen once, whichever process gets there first.
 * - membership_suspensions: a membership whose access is paused (an invoice
 *   unpaid at 60 days); its seats are kept. Lifted when paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("school_invoices")
    .addColumn("order_id", "integer", (column) => column.primaryKey())
    .addColumn("number", "text", (column) => column.notNull().unique())
    .addColumn("token", "text", (column) => column.notNull().unique())
    .addColumn("contact_name", "text", required)
    .addColumn("contact_email", "text", required)
    .addColumn("billing_address", "text", required)
    .addColumn("purchase_order", "text")
    .addColumn("issued_at", "text", required)
    .addColumn("due_at", "text", required)
    .addColumn("paid_at", "text")
    .addColumn("paid_by_staff_id", "integer")
    .addColumn("payment_note", "text")
    .execute();
  await db.schema
    .createTable("invoice_chasers")
    .addColumn("order_id", "integer", required)
    .addColumn("step", "text", required)
    .addColumn("taken_at", "text", required)
    .addPrimaryKeyConstraint("invoice_chasers_claim", ["order_id", "step"])
    .execute();
  await db.schema
    .createTable("membership_suspensions")
    .addColumn("membership_id", "integer", (column) => column.primaryKey())
    .addColumn("reason", "text", required)
    .addColumn("suspended_at", "text", required)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("membership_suspensions").execute();
  await db.schema.dropTable("invoice_chasers").execute();
  await db.schema.dropTable("school_invoices").execute();
}
