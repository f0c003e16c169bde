import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { inTransaction } from "../../db/transactions";

/*
 * Queries over school_invoices and their orders, for the invoices service.
 * An invoice is open while its order is "invoiced"; paid, the order is
 * "approved" and paid_at is set (both in one transaction).
 */

const invoiceColumns = [
  "school_invoices.order_id",
  "school_invoices.number",
  "school_invoices.token",
  "school_invoices.contact_name",
  "school_invoices.contact_email",
  "school_invoices.billing_address",
  "school_invoices.purchase_order",
  "school_invoices.issued_at",
  "school_invoices.due_at",
  "school_invoices.paid_at",
  "school_invoices.paid_by_staff_id",
  "school_invoices.payment_note",
  "school_invoices.pay_url",
  "payment_orders.constituent_id",
  "payment_orders.organisation_id",
  "payment_orders.plan_type",
  "payment_orders.level_id",
  "payment_orders.number_of_users",
  "payment_orders.amount_pence",
  "payment_orders.membership_id",
  "payment_orders.status",
  "payment_orders.provider_reference",
] as const;

/** The reference an invoice's order has until the payment provider holds it (then, the provider's id). */
export const LOCAL_INVOICE_REFERENCE_PREFIX = "invoice_";

export function invoiceRecords(db: Kysely<Database>) {
  const withOrder = (from: Kysely<Database> = db) =>
    from.selectFrom("school_invoices").innerJoin("payment_orders", "payment_orders.id", "school_invoices.order_id").select(invoiceColumns);

  return {
    byOrder: (orderId: number, from?: Kysely<Database>) => withOrder(from).where("school_invoices.order_id", "=", orderId).executeTakeFirst(),
    byToken: (token: string) => withOrder().where("school_invoices.token", "=", token).executeTakeFirst(),
    byNumber: (number: string) => withOrder().where("school_invoices.number", "=", number).executeTakeFirst(),
    ofSchool: (schoolId: number) =>
      withOrder().where("payment_orders.organisation_id", "=", schoolId).orderBy("school_invoices.issued_at", "desc").orderBy("school_invoices.order_id", "desc").execute(),
    /** Open invoices issued at or before `issuedBy`: those that may have a chasing step due. */
    openIssuedBy: (issuedBy: Date) =>
      withOrder().where("payment_orders.status", "=", "invoiced").where("school_invoices.issued_at", "<=", issuedBy.toISOString()).orderBy("school_invoices.order_id").execute(),
    /** Open invoices the payment provider does not hold yet (its call failed when they were issued): the chasing job retries them. */
    openNotAtProvider: () =>
      withOrder()
        .where("payment_orders.status", "=", "invoiced")
        .where("payment_orders.provider_reference", "like", `${LOCAL_INVOICE_REFERENCE_PREFIX}%`)
        .orderBy("school_invoices.order_id")
        .execute(),
    /** Records that the provider holds the invoice: its id becomes the order's reference, once. */
    async heldAtProvider(orderId: number, localReference: string, held: { reference: string; payUrl: string | null }): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        const moved = await trx
          .updateTable("payment_orders")
          .set({ provider_reference: held.reference })
          .where("id", "=", orderId)
          .where("provider_reference", "=", localReference)
          .returning("id")
          .executeTakeFirst();
        if (moved) await trx.updateTable("school_invoices").set({ pay_url: held.payUrl }).where("order_id", "=", orderId).execute();
        return moved !== undefined;
      });
    },
    /** Open invoices whose school's access is paused (unpaid at the last chasing step): the back office dashboard's count. */
    async countPaused(): Promise<number> {
      const row = await db
        .selectFrom("payment_orders")
        .innerJoin("invoice_chasers", "invoice_chasers.order_id", "payment_orders.id")
        .select((eb) => eb.fn.countAll<number | string>().as("paused"))
        .where("payment_orders.status", "=", "invoiced")
        .where("invoice_chasers.step", "=", "suspended")
        .executeTakeFirst();
      return Number(row?.paused ?? 0);
    },
    /** The chasing steps already taken for an invoice. */
    async stepsTaken(orderId: number): Promise<string[]> {
      const rows = await db.selectFrom("invoice_chasers").select("step").where("order_id", "=", orderId).execute();
      return rows.map((row) => row.step);
    },
  };
}

export type InvoiceRecord = NonNullable<Awaited<ReturnType<ReturnType<typeof invoiceRecords>["byOrder"]>>>;
