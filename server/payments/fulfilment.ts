import type { Kysely } from "kysely";
import type { AuditLog } from "../audit";
import type { CrmIds, CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import { isPlanType, type BillingPeriod } from "../domain/plans";
import { nextDocumentNumber } from "./documents";
import { createOrRenewMembership } from "../memberships";
import { takeSeat, withSchoolLock } from "../schools";
import type { SchoolPurchaseRefusal } from "../domain/school-purchase";
import { schoolPurchaseDecision } from "./school-purchase";

export type Fulfilled =
  | { kind: "fulfilled"; membershipId: number }
  | { kind: "already" }
  /** Paid, but the school-purchase rule refuses it now: nothing is granted; the order is marked for a refund. */
  | { kind: "unfulfilled"; reason: SchoolPurchaseRefusal["reason"] };

interface OrderToFulfil {
  id: number;
  constituent_id: number;
  organisation_id: number | null;
  plan_type: string;
  level_id: number;
  number_of_users: number;
  amount_pence: number;
}

/**
 * Gives an approved payment its membership, once. The first statement claims
 * the order's row in payment_fulfilments (primary key order_id, unique
 * provider_reference): a second notification, or two at once, finds it taken
 * and does nothing (PostgreSQL makes the second insert wait for the first
 * transaction, then see its row). Everything else happens in the same
 * transaction, so a failure leaves the order unfulfilled and a retried
 * notification tries again.
 * - No school: the payer's own membership, renewed while valid, else new.
 * - A school: holding the school's lock, the school-purchase rule is asked
 *   again (time passed since the basket: the payer may have lost admin,
 *   another order may have run). Refused: nothing is granted, the order
 *   becomes "unfulfilled" and stays claimed, so a retry changes nothing.
 *   Allowed: its membership, renewed while valid (level, expiry, seats =
 *   the level's ceiling, admin seats unlimited), else new; then the payer
 *   takes an admin seat through takeSeat.
 * The approved order gets its receipt number (payment_receipts) and the
 * audit entry (docs/audit.md) in the same transaction.
 * `alongside` writes in the same transaction once the membership is made
 * (the receipt email, queued in the outbox), reading the CRM through the
 * unit (the new membership is not visible outside it yet).
 * `settledAs` "invoiced": a school paying by invoice gets its membership at
 * once, and the order waits for the payment as "invoiced" (invoices/).
 */
export async function fulfilOrder(
  deps: { db: Kysely<Database>; crm: CrmPort; ids: CrmIds; audit: AuditLog },
  order: OrderToFulfil,
  reference: string,
  now: Date,
  alongside?: (trx: Kysely<Database>, crm: CrmPort, membershipId: number) => Promise<void>,
  settledAs: "approved" | "invoiced" = "approved",
): Promise<Fulfilled> {
  const { ids } = deps;
  const period: BillingPeriod = order.plan_type === "individual-monthly" ? "month" : "year";
  if (!isPlanType(order.plan_type)) throw new Error(`order ${order.id} has an unknown plan type`);

  const fulfil = async (trx: Kysely<Database>, crm: CrmPort): Promise<Fulfilled> => {
    const claimed = await trx
      .insertInto("payment_fulfilments")
      .values({ order_id: order.id, provider_reference: reference, membership_id: null, fulfilled_at: now.toISOString() })
      .onConflict((conflict) => conflict.doNothing())
      .returning("order_id")
      .executeTakeFirst();
    if (!claimed) return { kind: "already" } as const;

    // A card payment is recorded with the membership it makes (Tessitura: the contribution's payment); an invoice's amount as owed on it (Tessitura: an invoice payment).
    const payment = { amount: order.amount_pence / 100, reference, ...(settledAs === "invoiced" ? { invoiced: true } : {}) };
    let membershipId: number;
    if (order.organisation_id === null) {
      membershipId = await createOrRenewMembership(crm, ids, { constituentId: order.constituent_id, levelId: order.level_id, period, payment }, now);
    } else {
      const schoolId = order.organisation_id;
      const seats = ids.membershipLevels.seatLevels.find((level) => level.id === order.level_id)?.seats ?? order.number_of_users;
      const school = await withSchoolLock(trx, crm, schoolId, async (crm) => {
        const schoolOrder = { constituentId: order.constituent_id, schoolId, levelId: order.level_id, numberOfUsers: order.number_of_users };
        const decision = await schoolPurchaseDecision(trx, crm, ids, schoolOrder, now);
        if (decision.kind === "refused") return decision;
        const id = await createOrRenewMembership(crm, ids, { constituentId: schoolId, levelId: order.level_id, userSeats: seats, period, payment }, now);
        const seat = await takeSeat(crm, ids, { schoolId, personId: order.constituent_id, role: "admin", now });
        if (seat.kind !== "joined" && seat.kind !== "already") throw new Error(`order ${order.id}: the payer could not take an admin seat (${seat.kind})`);
        return { kind: "allowed", membershipId: id } as const;
      });
      if (school.kind === "refused") {
        await trx.updateTable("payment_orders").set({ status: "unfulfilled", updated_at: now.toISOString() }).where("id", "=", order.id).execute();
        const details = { orderId: order.id, organisationId: schoolId, reason: school.reason };
        await deps.audit.record({ event: "payment.unfulfilled", actorId: order.constituent_id, subjectId: order.constituent_id, details }, trx);
        return { kind: "unfulfilled", reason: school.reason } as const;
      }
      membershipId = school.membershipId;
    }

    await trx.updateTable("payment_fulfilments").set({ membership_id: membershipId }).where("order_id", "=", order.id).execute();
    await trx
      .updateTable("payment_orders")
      .set({ status: settledAs, membership_id: membershipId, fulfilled_at: now.toISOString(), updated_at: now.toISOString() })
      .where("id", "=", order.id)
      .execute();
    // A card payment's VAT receipt number, taken in this transaction: a payment that rolls back gives it back (docs/payments.md, "Receipts and invoices").
    // An invoiced order's document is its invoice, numbered by invoices/.
    if (settledAs === "approved") {
      const receipt = await nextDocumentNumber(trx, "receipt");
      await trx.insertInto("payment_receipts").values({ order_id: order.id, number: receipt, issued_at: now.toISOString() }).execute();
      const details = { orderId: order.id, membershipId, planType: order.plan_type, organisationId: order.organisation_id };
      await deps.audit.record({ event: "payment.fulfilled", actorId: order.constituent_id, subjectId: order.constituent_id, details }, trx);
    }
    await alongside?.(trx, crm, membershipId);
    return { kind: "fulfilled", membershipId } as const;
  };
  // The CRM's calls are one unit with the site's transaction (CrmPort.inTransaction, `joining`).
  return inTransaction(deps.db, (trx) => deps.crm.inTransaction((crm) => fulfil(trx, crm), { joining: trx }));
}
