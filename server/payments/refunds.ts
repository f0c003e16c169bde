import type { Kysely } from "kysely";
import type { AuditLog } from "../audit";
import type { CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import { isUniqueViolation } from "../db/unique-violation";
import { formatPounds } from "../domain/plans";
import type { Logger } from "../logging";
import type { Mailer } from "../mail/mailer";
import { endMembershipNow } from "../memberships";
import { refuse, type Refusal } from "../shared/refusal";
import type { PaymentProvider } from "./payment-port";
import type { OrderRow } from "./payment-orders";

/*
 * Refunds (docs/payments.md, "Refunds"): money back on a paid order, started
 * by staff in the back office (through the payment port) or at the provider
 * (Stripe's dashboard, told by charge.refunded). Each is recorded on the
 * order once (the refunded total after it is unique per order), a receipt
 * goes to the payer, and the membership follows the policy: staff choose;
 * for a refund started at the provider, a full refund ends it and gives its
 * seats back, a partial one leaves it. An order paid by invoice (bank
 * transfer) is refunded the same way by finance, outside the provider: the
 * back office records it.
 */

export interface RefundDependencies {
  db: Kysely<Database>;
  crm: CrmPort;
  provider: PaymentProvider;
  mailer: Mailer;
  audit: AuditLog;
  logger: Logger;
  clock: () => Date;
  /** A refund that ends the membership stops the plan renewing it too, so the card is not charged for it again (renewal-choice.ts). */
  stopRenewalOf(membershipId: number, by: { staffId: number | null; ip: string | null }): Promise<void>;
}

export interface RefundRecord {
  id: number;
  amountPence: number;
  amount: string;
  refundedTotalPence: number;
  providerReference: string | null;
  startedBy: "staff" | "provider";
  staffId: number | null;
  membershipEnded: boolean;
  createdAt: string;
}

/** A refund staff ask for: pence, and whether the membership ends with it. */
export interface StaffRefund {
  orderId: number;
  amountPence: number;
  endMembership: boolean;
  staffId: number;
  ip: string;
}

const REFUNDABLE_STATUSES = new Set(["approved", "unfulfilled"]);

export function orderRefunds(deps: RefundDependencies) {
  const { db } = deps;

  async function refundsOf(orderId: number): Promise<RefundRecord[]> {
    const rows = await db.selectFrom("payment_refunds").selectAll().where("order_id", "=", orderId).orderBy("refunded_total_pence").execute();
    return rows.map((row) => ({
      id: row.id,
      amountPence: row.amount_pence,
      amount: formatPounds(row.amount_pence),
      refundedTotalPence: row.refunded_total_pence,
      providerReference: row.provider_reference,
      startedBy: row.started_by,
      staffId: row.staff_id,
      membershipEnded: row.membership_ended === 1,
      createdAt: row.created_at,
    }));
  }

  const paidByInvoice = async (orderId: number) =>
    (await db.selectFrom("school_invoices").select("order_id").where("order_id", "=", orderId).executeTakeFirst()) !== undefined;

  const refundedSoFar = async (orderId: number) => (await refundsOf(orderId)).at(-1)?.refundedTotalPence ?? 0;

  /**
   * Records a refund with the order's new refunded total, ends the membership
   * if asked, queues the receipt and audits it, in one transaction; "already"
   * when that total is recorded (the same refund told twice).
   */
  async function record(
    order: OrderRow & { id: number },
    refund: { amountPence: number; refundedTotalPence: number; providerReference: string | null; startedBy: "staff" | "provider"; staffId: number | null; endMembership: boolean; ip: string | null },
  ): Promise<"recorded" | "already"> {
    const now = deps.clock();
    try {
      await inTransaction(db, (trx) =>
        deps.crm.inTransaction(
          async (crm) => {
            const ended = refund.endMembership && order.membership_id !== null ? await endMembershipNow(crm, order.membership_id, now) : false;
            await trx
              .insertInto("payment_refunds")
              .values({
                order_id: order.id,
                amount_pence: refund.amountPence,
                refunded_total_pence: refund.refundedTotalPence,
                provider_reference: refund.providerReference,
                started_by: refund.startedBy,
                staff_id: refund.staffId,
                membership_ended: ended ? 1 : 0,
                created_at: now.toISOString(),
              })
              .execute();
            const payer = await crm.personContact(order.constituent_id);
            if (payer?.Email) {
              await deps.mailer.send(
                {
                  to: payer.Email,
                  template: "refund-receipt",
                  context: {
                    firstName: payer.FirstName,
                    amount: formatPounds(refund.amountPence),
                    refundedTotal: formatPounds(refund.refundedTotalPence),
                    paid: formatPounds(order.amount_pence),
                    reference: order.session_id,
                    membershipEnded: ended,
                  },
                },
                { db: trx },
              );
            }
            await deps.audit.record(
              {
                event: "payment.refunded",
                actorId: null,
                staffActorId: refund.staffId,
                subjectId: order.constituent_id,
                ip: refund.ip,
                details: { orderId: order.id, amountPence: refund.amountPence, startedBy: refund.startedBy, membershipEnded: ended ? "yes" : "no" },
                record: { type: "order", id: order.id, before: { refundedPence: refund.refundedTotalPence - refund.amountPence }, after: { refundedPence: refund.refundedTotalPence } },
              },
              trx,
            );
          },
          { joining: trx },
        ),
      );
      if (refund.endMembership && order.membership_id !== null) await deps.stopRenewalOf(order.membership_id, { staffId: refund.staffId, ip: refund.ip });
      return "recorded";
    } catch (error) {
      if (isUniqueViolation(error)) return "already";
      throw error;
    }
  }

  return {
    refundsOf,

    /** Staff refund part or all of what is left of a paid order, through the provider, and record it. */
    async refundByStaff(order: (OrderRow & { id: number }) | undefined, request: StaffRefund): Promise<RefundRecord[] | Refusal> {
      if (!order) return refuse("not-found", "We couldn't find that order.");
      if (!REFUNDABLE_STATUSES.has(order.status) || !order.provider_reference) {
        return refuse("conflict", "Only a paid order can be refunded.", { rule: "order-paid" });
      }
      const already = await refundedSoFar(order.id);
      const left = order.amount_pence - already;
      if (left <= 0) return refuse("conflict", "This order has been refunded in full already.", { rule: "refund-left" });
      if (!Number.isSafeInteger(request.amountPence) || request.amountPence <= 0 || request.amountPence > left) {
        const message = `Enter an amount from £0.01 to ${formatPounds(left)}, what is left to refund.`;
        return refuse("invalid", message, { errors: { amount: [message] } });
      }
      const refundedTotalPence = already + request.amountPence;
      // A school's invoice was paid by bank transfer: finance send the money back the same way, and the site records it.
      if (await paidByInvoice(order.id)) {
        const outcome = await record(order, { ...request, refundedTotalPence, providerReference: null, startedBy: "staff", staffId: request.staffId, ip: request.ip });
        deps.logger.info({ orderId: order.id, amountPence: request.amountPence, staffId: request.staffId, outcome }, "invoice order refund recorded (made by bank transfer)");
        return refundsOf(order.id);
      }
      let providerReference: string;
      try {
        ({ refundReference: providerReference } = await deps.provider.refund({
          reference: order.provider_reference,
          amountPence: request.amountPence,
          // The same refund asked twice (a double click, a retry) is one refund at the provider.
          idempotencyKey: `refund-${order.id}-${refundedTotalPence}`,
        }));
      } catch (error) {
        deps.logger.error({ err: error, orderId: order.id }, "the payment provider did not make the refund");
        return refuse("provider-failed", "The payment provider did not make the refund. Nothing was refunded; try again in a minute.");
      }
      const outcome = await record(order, { ...request, refundedTotalPence, providerReference, startedBy: "staff", staffId: request.staffId, ip: request.ip });
      deps.logger.info({ orderId: order.id, amountPence: request.amountPence, staffId: request.staffId, outcome }, "order refunded by staff");
      return refundsOf(order.id);
    },

    /** The provider says the payment's refunded total is now `refundedTotalPence`: records what is new, once. */
    async recordProviderRefund(order: OrderRow & { id: number }, refundedTotalPence: number): Promise<"recorded" | "already"> {
      const already = await refundedSoFar(order.id);
      if (refundedTotalPence <= already) return "already";
      const outcome = await record(order, {
        amountPence: refundedTotalPence - already,
        refundedTotalPence,
        providerReference: null,
        startedBy: "provider",
        staffId: null,
        // The policy for a refund nobody chose for here: in full ends the membership, in part leaves it.
        endMembership: refundedTotalPence >= order.amount_pence,
        ip: null,
      });
      deps.logger.info({ orderId: order.id, refundedTotalPence, outcome }, "refund made at the payment provider");
      return outcome;
    },
  };
}

export type OrderRefunds = ReturnType<typeof orderRefunds>;
