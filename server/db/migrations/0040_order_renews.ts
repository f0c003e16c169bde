import { sql, type Kysely } from "kysely";

/*
 * Whether a card order's plan renews at the provider (issue 29; docs/payments.md,
 * "Plans that renew"): the monthly plan always, an annual one unless the payer
 * unticked "Renew automatically each year" at checkout. Kept on the order so
 * the sandbox's hosted page and its approval, and the receipt, know it.
 * Orders placed before it are one-off payments (0), except monthly ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("payment_orders").addColumn("renews", "integer", (column) => column.notNull().defaultTo(0)).execute();
  await sql`UPDATE payment_orders SET renews = 1 WHERE plan_type = 'individual-monthly'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("payment_orders").dropColumn("renews").execute();
}
