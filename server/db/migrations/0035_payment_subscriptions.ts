import type { Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * Plans that renew (issue 29; row types in server/payments/tables.ts).
 * - payment_subscriptions: one per renewing plan: who pays, for which school
 *   (or null), the plan, the amount and period (month | year), the provider
 *   and its subscription and customer references, the membership it keeps
 *   going, whether it renews (1/0), its status (active | past_due | ended),
 *   the end of the period paid for, and the failed attempts since the last
 *   payment. The provider's subscription reference is unique.
 * - payment_subscription_events: the claim of one provider event (a Stripe
 *   invoice or event id, or a sandbox charge id): its primary key makes each
 *   renewal, failure or ending apply once, even when replayed concurrently.
 * - payment_orders.subscription_id: each renewal payment is an order of its
 *   subscription, so it shows in past payments and gets a receipt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payment_subscriptions")
    .addColumn("id", "integer", autoId(db))
    .addColumn("constituent_id", "integer", required)
    .addColumn("organisation_id", "integer")
    .addColumn("plan_type", "text", required)
    .addColumn("level_id", "integer", required)
    .addColumn("number_of_users", "integer", required)
    .addColumn("amount_pence", "integer", required)
    .addColumn("currency", "text", (column) => column.notNull().defaultTo("GBP"))
    .addColumn("period", "text", required)
    .addColumn("provider", "text", required)
    .addColumn("provider_subscription_ref", "text", (column) => column.notNull().unique())
    .addColumn("provider_customer_ref", "text")
    .addColumn("membership_id", "integer")
    .addColumn("renews", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("status", "text", (column) => column.notNull().defaultTo("active"))
    .addColumn("current_period_end", "text", required)
    .addColumn("failed_attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text")
    .addColumn("created_at", "text", required)
    .addColumn("updated_at", "text", required)
    .addColumn("ended_at", "text")
    .execute();
  await db.schema.createIndex("payment_subscriptions_payer").on("payment_subscriptions").column("constituent_id").execute();
  await db.schema
    .createIndex("payment_subscriptions_due")
    .on("payment_subscriptions")
    .columns(["provider", "status", "current_period_end"])
    .execute();
  await db.schema
    .createTable("payment_subscription_events")
    .addColumn("event_ref", "text", (column) => column.primaryKey())
    .addColumn("subscription_id", "integer", (column) => column.notNull().references("payment_subscriptions.id").onDelete("cascade"))
    .addColumn("kind", "text", required)
    .addColumn("applied_at", "text", required)
    .execute();
  await db.schema.alterTable("payment_orders").addColumn("subscription_id", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("payment_orders").dropColumn("subscription_id").execute();
  await db.schema.dropTable("payment_subscription_events").execute();
  await db.schema.dropTable("payment_subscriptions").execute();
}
