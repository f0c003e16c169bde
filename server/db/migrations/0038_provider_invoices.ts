import type { Kysely } from "kysely";

/*
 * A school's invoice held at the payment provider as well (issue 29;
 * docs/payments.md, "Pay by invoice", with Stripe): where the school can pay
 * it online (Stripe's hosted invoice page), shown on the PDF and the School
 * tab. The provider's id for it is the order's provider_reference. Null with
 * the sandbox, and until the provider has taken it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("school_invoices").addColumn("pay_url", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("school_invoices").dropColumn("pay_url").execute();
}
