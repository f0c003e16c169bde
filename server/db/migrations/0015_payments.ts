import { type Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * Payments (server/payments/, docs/payments.md):
 * - payment_orders: one per checkout. session_id is the opaque id the browser
 *   sees (unique); provider_reference is the provider's id for the payment
 *   (unique, so one payment can never be two orders); the price and level are
 *   the server's own, computed from the plan type and number of users.
 * - payment_fulfilments: one row per fulfilled order. Its primary key is what
 *   makes fulfilment happen once, however often the notification arrives.
 * Conventions as 0002: integer ids, ISO 8601 UTC text timestamps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payment_orders")
    .addColumn("id", "integer", autoId(db))
    .addColumn("session_id", "text", (column) => column.notNull().unique())
    .addColumn("constituent_id", "integer", (column) => column.notNull().references("constituents.id").onDelete("cascade"))
    .addColumn("organisation_id", "integer", (column) => column.references("constituents.id").onDelete("set null"))
    .addColumn("plan_type", "text", required)
    .addColumn("number_of_users", "integer", required)
    .addColumn("level_id", "integer", required)
    .addColumn("amount_pence", "integer", required)
    .addColumn("currency", "text", (column) => column.notNull().defaultTo("GBP"))
    .addColumn("status", "text", (column) => column.notNull().defaultTo("pending"))
    .addColumn("provider", "text", required)
    .addColumn("provider_reference", "text", (column) => column.unique())
    .addColumn("membership_id", "integer")
    .addColumn("created_at", "text", required)
    .addColumn("updated_at", "text", required)
    .addColumn("fulfilled_at", "text")
    .execute();
  await db.schema.createIndex("payment_orders_constituent_id").on("payment_orders").column("constituent_id").execute();

  await db.schema
    .createTable("payment_fulfilments")
    .addColumn("order_id", "integer", (column) => column.primaryKey().references("payment_orders.id").onDelete("cascade"))
    .addColumn("provider_reference", "text", (column) => column.notNull().unique())
    .addColumn("membership_id", "integer")
    .addColumn("fulfilled_at", "text", required)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_fulfilments").ifExists().execute();
  await db.schema.dropTable("payment_orders").ifExists().execute();
}
