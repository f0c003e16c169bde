import type { Kysely } from "kysely";
import type { CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { refuse, type Refusal } from "../shared/refusal";
import { renderReceiptPdf, type SellerDetails } from "./documents";
import type { OrderRow } from "./payment-orders";
import { recurringPeriodOf } from "./subscriptions/recurring-plans";

/** Where the payer opens a paid order's VAT receipt (GET, signed in as the payer). */
export function receiptPath(sessionId: string): string {
  return `/account/my-account/receipts/${sessionId}.pdf`;
}

export interface ReceiptPdf {
  /** e.g. "receipt-RCT-000001.pdf". */
  fileName: string;
  pdf: Buffer;
}

/**
 * A paid card order's VAT receipt (docs/payments.md, "Receipts and
 * invoices"), drawn on request from the order, its receipt number and its
 * refunds. Only the payer's: anyone else's order, or one with no receipt,
 * is the same not-found as an unknown one.
 */
export function orderReceipts(deps: { db: Kysely<Database>; crm: CrmPort; seller: SellerDetails; describe: (order: OrderRow) => string }) {
  const { db, crm } = deps;
  const notFound = () => refuse("not-found", "We couldn't find that receipt. Your receipts are listed on the Membership tab of My account.");

  /** Numbered receipts by order id, for the orders list. */
  async function numberedOrders(orderIds: number[]): Promise<Set<number>> {
    if (orderIds.length === 0) return new Set();
    const rows = await db.selectFrom("payment_receipts").select("order_id").where("order_id", "in", orderIds).execute();
    return new Set(rows.map((row) => row.order_id));
  }

  async function receiptPdf(userId: number, order: OrderRow | undefined): Promise<ReceiptPdf | Refusal> {
    if (!order || order.constituent_id !== userId) return notFound();
    const receipt = await db.selectFrom("payment_receipts").selectAll().where("order_id", "=", order.id).executeTakeFirst();
    if (!receipt) return notFound();
    const payer = await crm.personDetails(order.constituent_id);
    const school = order.organisation_id === null ? undefined : await crm.constituentDetail(order.organisation_id);
    const refunds = await db.selectFrom("payment_refunds").select(["amount_pence", "created_at"]).where("order_id", "=", order.id).orderBy("refunded_total_pence").execute();
    const pdf = await renderReceiptPdf(
      {
        number: receipt.number,
        paidOn: new Date(order.fulfilled_at ?? receipt.issued_at),
        payer: { name: payer ? `${payer.FirstName} ${payer.LastName}`.trim() : "", email: payer?.Email ?? "" },
        schoolName: school?.DisplayName,
        lines: [{ description: deps.describe(order), quantity: 1, unitGrossPence: order.amount_pence }],
        paymentReference: order.provider_reference ?? "",
        refunds: refunds.map((refund) => ({ amountPence: refund.amount_pence, refundedOn: new Date(refund.created_at) })),
        renews: recurringPeriodOf(order),
      },
      deps.seller,
    );
    return { fileName: `receipt-${receipt.number}.pdf`, pdf };
  }

  return { numberedOrders, receiptPdf };
}
