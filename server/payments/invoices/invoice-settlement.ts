import type { Kysely } from "kysely";
import type { AuditLog } from "../../audit";
import type { CrmPort } from "../../crm";
import type { Database } from "../../db/schema";
import { inTransaction } from "../../db/transactions";
import { formatLondonDate } from "../../domain/membership-status";
import { formatPounds } from "../../domain/plans";
import type { Mailer } from "../../mail/mailer";
import type { MembershipSuspensions } from "../../memberships";
import { refuse, type Refusal } from "../../shared/refusal";
import type { invoiceRecords } from "./invoice-records";
import { chasingDates, stepDue } from "./invoice-schedule";

/*
 * How an open invoice ends (docs/payments.md, "Pay by invoice"): paid,
 * which restores a paused membership, or chased while it is not, step by
 * step, up to the pause at 60 days. Part of the invoices service.
 */

/** The answer about an invoice that does not exist, or that this person may not know of. */
export const UNKNOWN_INVOICE = "We couldn't find that invoice.";

export interface InvoiceSettlementDependencies {
  db: Kysely<Database>;
  crm: CrmPort;
  mailer: Mailer;
  audit: AuditLog;
  suspensions: MembershipSuspensions;
  records: ReturnType<typeof invoiceRecords>;
  clock: () => Date;
  invoiceUrl: (token: string) => string;
  schoolName: (schoolId: number) => Promise<string>;
}

export function invoiceSettlement(deps: InvoiceSettlementDependencies) {
  const { db, crm, records, clock, invoiceUrl, schoolName } = deps;

  /**
   * Records the payment of an open invoice, once: the order becomes paid,
   * a paused membership is restored, the billing contact is thanked.
   * `staffId` null: the provider reported it.
   */
  async function markPaid(orderId: number, paidBy: { staffId: number | null; note: string; ip?: string }): Promise<{ number: string; restored: boolean } | Refusal> {
    const now = clock();
    const record = await records.byOrder(orderId);
    if (!record) return refuse("not-found", UNKNOWN_INVOICE);
    // Read before the transaction: on SQLite its one connection is the transaction's until it ends.
    const name = record.organisation_id === null ? "" : await schoolName(record.organisation_id);
    const membership = record.membership_id === null ? undefined : await crm.membershipSummary(record.membership_id);
    return inTransaction(db, async (trx) => {
      const paid = await trx
        .updateTable("payment_orders")
        .set({ status: "approved", updated_at: now.toISOString() })
        .where("id", "=", orderId)
        .where("status", "=", "invoiced")
        .returning("id")
        .executeTakeFirst();
      if (!paid) return refuse("conflict", `Invoice ${record.number} is not open: it was already paid, or its order was refunded.`, { rule: "invoice-open" });
      await trx
        .updateTable("school_invoices")
        .set({ paid_at: now.toISOString(), paid_by_staff_id: paidBy.staffId, payment_note: paidBy.note === "" ? null : paidBy.note })
        .where("order_id", "=", orderId)
        .execute();
      const restored = record.membership_id !== null && (await deps.suspensions.lift(trx, record.membership_id));
      await deps.mailer.send(
        {
          to: record.contact_email,
          template: "school-invoice-paid",
          context: {
            contactName: record.contact_name,
            schoolName: name,
            number: record.number,
            amount: formatPounds(record.amount_pence),
            validUntil: membership ? formatLondonDate(membership.ExpirationDateTime) : "",
            restored,
            invoiceUrl: invoiceUrl(record.token),
          },
        },
        { db: trx },
      );
      const details = { orderId, number: record.number, restored: restored ? "yes" : "no", ...(paidBy.note ? { note: paidBy.note } : {}) };
      await deps.audit.record(
        { event: "invoice.paid", actorId: null, staffActorId: paidBy.staffId, subjectId: record.constituent_id, ip: paidBy.ip, details, record: { type: "order", id: orderId } },
        trx,
      );
      return { number: record.number, restored };
    });
  }

  /**
   * One round of chasing (the scheduler's job): for each open invoice, the
   * latest step due and not yet taken, claimed in invoice_chasers so it
   * happens once however many processes run; at "suspended" the membership
   * is paused in the same transaction.
   */
  async function chaseDue(now: Date): Promise<{ sent: number }> {
    let sent = 0;
    for (const record of await records.openIssuedBy(now)) {
      const step = stepDue(new Date(record.due_at), await records.stepsTaken(record.order_id), now);
      if (!step) continue;
      const name = record.organisation_id === null ? "" : await schoolName(record.organisation_id);
      const taken = await inTransaction(db, async (trx) => {
        const claimed = await trx
          .insertInto("invoice_chasers")
          .values({ order_id: record.order_id, step, taken_at: now.toISOString() })
          .onConflict((conflict) => conflict.doNothing())
          .returning("order_id")
          .executeTakeFirst();
        if (!claimed) return false;
        if (step === "suspended" && record.membership_id !== null) await deps.suspensions.suspend(trx, record.membership_id, now);
        await deps.mailer.send(
          {
            to: record.contact_email,
            template: "school-invoice-reminder",
            context: {
              step,
              contactName: record.contact_name,
              schoolName: name,
              number: record.number,
              purchaseOrder: record.purchase_order ?? "",
              amount: formatPounds(record.amount_pence),
              dueOn: formatLondonDate(record.due_at),
              pauseOn: formatLondonDate(chasingDates(new Date(record.due_at)).suspended),
              invoiceUrl: invoiceUrl(record.token),
            },
          },
          { db: trx },
        );
        const details = { orderId: record.order_id, number: record.number, step };
        await deps.audit.record({ event: "invoice.chased", actorId: null, subjectId: record.constituent_id, details, record: { type: "order", id: record.order_id } }, trx);
        return true;
      });
      if (taken) sent += 1;
    }
    return { sent };
  }

  return { markPaid, chaseDue };
}
