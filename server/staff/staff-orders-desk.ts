import { csvLine } from "./csv-line";
import type { InvoiceLine, LedgerOrder, OrderQuery, OrderRenewal, RefundRecord } from "../payments";
import { isRefusal, refuse, type Refusal } from "../shared/refusal";
import { roleRefusal } from "./role-refusal";
import type { OrdersDeskDependencies } from "./staff-dependencies";
import type { SignedInStaff } from "./staff-sign-in";

/*
 * The back office's Orders pages (docs/back-office.md, "Orders"), for the
 * finance role and above: every order with filters, one order with its
 * payer and school, and the same list as a CSV file, streamed and audited.
 */

export const ORDERS_PER_PAGE = 25;

const FINANCE_ONLY = "Orders are for the Finance role and above.";

/** An order with who paid and for which school, by name, and its refunds. */
export interface OrderView extends LedgerOrder {
  payer: { name: string; email: string | null } | null;
  schoolName: string | null;
  refunds: RefundRecord[];
  /** What is left to refund, in pence (0 for an order never paid). */
  refundablePence: number;
  /** The order's invoice, when the school pays by invoice. */
  invoice?: InvoiceLine;
  /** The plan it paid a period of, when it renews by card (or did). */
  renewal?: OrderRenewal;
}

/** A refund as typed on the order's page: an amount in pounds, and "end" or "keep" for the membership. */
export interface TypedRefund {
  amount: string;
  membership: string;
}

const AMOUNT = /^£?\s*(\d{1,7})(?:\.(\d{1,2}))?$/;

/** The export's columns, in order (docs/back-office.md lists what each holds). */
export const ORDER_EXPORT_COLUMNS = [
  "order_id",
  "reference",
  "provider",
  "provider_reference",
  "placed_at",
  "status",
  "plan_type",
  "plan",
  "users",
  "amount_pence",
  "currency",
  "payer_id",
  "payer_email",
  "school_id",
  "membership_id",
  "fulfilled_at",
] as const;

export function staffOrdersDesk(deps: OrdersDeskDependencies) {
  const payerOf = async (personId: number) => {
    const contact = await deps.crm.personContact(personId);
    const detail = contact && (await deps.crm.constituentDetail(personId));
    return contact ? { name: detail?.DisplayName ?? contact.FirstName, email: contact.Email } : null;
  };
  const viewOf = async (order: LedgerOrder, withRefunds = false): Promise<OrderView> => {
    const refunds = withRefunds ? await deps.refundsOf(order.id) : [];
    const paid = order.status === "approved" || order.status === "unfulfilled";
    return {
      ...order,
      payer: await payerOf(order.payerId),
      schoolName: order.organisationId === null ? null : ((await deps.crm.constituentDetail(order.organisationId))?.DisplayName ?? null),
      refunds,
      refundablePence: paid ? order.amountPence - (refunds.at(-1)?.refundedTotalPence ?? 0) : 0,
    };
  };

  return {
    async orders(staff: SignedInStaff, query: OrderQuery, page: number): Promise<{ rows: OrderView[]; total: number; page: number; perPage: number } | Refusal> {
      const refused = roleRefusal(staff, "manage-orders", FINANCE_ONLY);
      if (refused) return refused;
      const found = await deps.ledger.page(query, page, ORDERS_PER_PAGE);
      return { rows: await Promise.all(found.rows.map((order) => viewOf(order))), total: found.total, page, perPage: ORDERS_PER_PAGE };
    },

    async order(staff: SignedInStaff, orderId: number): Promise<OrderView | Refusal> {
      const refused = roleRefusal(staff, "manage-orders", FINANCE_ONLY);
      if (refused) return refused;
      const order = await deps.ledger.order(orderId);
      if (!order) return refuse("not-found", "We couldn't find that order.");
      return { ...(await viewOf(order, true)), invoice: await deps.invoices.ofOrder(orderId), renewal: await deps.renewals.renewalOfOrder(orderId) };
    },

    /** Turns the renewal of the order's plan off or on for its payer (who asked by phone or email); audited with the staff account. */
    async chooseRenewal(staff: SignedInStaff, orderId: number, submitted: unknown, ip: string): Promise<{ renews: boolean } | Refusal> {
      const refused = roleRefusal(staff, "refund-orders", "Changing a plan's renewal is for the Finance role and above.");
      if (refused) return refused;
      const outcome = await deps.renewals.chooseRenewalForPayer(orderId, submitted, { staffId: staff.id, ip });
      return outcome.ok ? outcome.value : outcome;
    },

    /** The PDF of the order's invoice. */
    async invoicePdf(staff: SignedInStaff, orderId: number): Promise<{ fileName: string; pdf: Buffer } | Refusal> {
      const refused = roleRefusal(staff, "manage-orders", FINANCE_ONLY);
      if (refused) return refused;
      return (await deps.invoices.pdfOfOrder(orderId)) ?? refuse("not-found", "This order has no invoice.");
    },

    /**
     * Finance marks an invoice paid (a bank transfer seen on the statement,
     * or any payment made outside the provider), with a note of how; audited
     * by the invoices service with the staff account.
     */
    async markInvoicePaid(staff: SignedInStaff, orderId: number, typedNote: string, ip: string): Promise<{ number: string; restored: boolean } | Refusal> {
      const refused = roleRefusal(staff, "issue-invoices", "Marking invoices paid is for the Finance role and above.");
      if (refused) return refused;
      const note = typedNote.trim();
      if (note.length > 500) {
        const message = "Shorten the note to 500 characters or fewer.";
        return refuse("invalid", message, { errors: { note: [message] } });
      }
      return deps.invoices.markPaid(orderId, { staffId: staff.id, note, ip });
    },

    /** The order's receipt again, to the payer; audited. */
    async resendReceipt(staff: SignedInStaff, orderId: number, ip: string): Promise<{ sentTo: string } | Refusal> {
      const refused = roleRefusal(staff, "manage-orders", FINANCE_ONLY);
      if (refused) return refused;
      const sent = await deps.resendReceipt(orderId);
      if (!isRefusal(sent)) {
        await deps.audit.record({ event: "payment.receipt-resent", actorId: null, staffActorId: staff.id, ip, details: { orderId }, record: { type: "order", id: orderId } });
      }
      return sent;
    },

    /** Refunds an order through the payment port: finance and above; the amount in pounds as typed. */
    async refund(staff: SignedInStaff, orderId: number, typed: TypedRefund, ip: string): Promise<RefundRecord[] | Refusal> {
      const refused = roleRefusal(staff, "refund-orders", "Refunds are for the Finance role and above.");
      if (refused) return refused;
      const match = AMOUNT.exec(typed.amount.trim());
      if (!match) {
        const message = "Enter the amount in pounds, for example 45.00.";
        return refuse("invalid", message, { errors: { amount: [message] } });
      }
      if (typed.membership !== "end" && typed.membership !== "keep") {
        const message = "Choose whether the membership ends with the refund.";
        return refuse("invalid", message, { errors: { membership: [message] } });
      }
      const amountPence = Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
      return deps.refund({ orderId, amountPence, endMembership: typed.membership === "end", staffId: staff.id, ip });
    },

    /**
     * The matching orders as CSV lines, the header first, read in batches
     * (never every row at once). The export is audited before its first line.
     */
    async exportOrders(staff: SignedInStaff, query: OrderQuery, ip: string): Promise<AsyncIterable<string> | Refusal> {
      const refused = roleRefusal(staff, "manage-orders", FINANCE_ONLY);
      if (refused) return refused;
      const filters = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== "")) as Record<string, string>;
      await deps.audit.record({ event: "export.downloaded", actorId: null, staffActorId: staff.id, ip, details: { export: "orders", ...filters } });
      const emails = new Map<number, string | null>();
      const emailOf = async (personId: number) => {
        if (!emails.has(personId)) emails.set(personId, (await deps.crm.personContact(personId))?.Email ?? null);
        return emails.get(personId) ?? null;
      };
      return (async function* lines() {
        yield csvLine(ORDER_EXPORT_COLUMNS);
        for await (const order of deps.ledger.all(query)) {
          yield csvLine([
            order.id,
            order.reference,
            order.provider,
            order.providerReference,
            order.createdAt,
            order.status,
            order.planType,
            order.plan,
            order.numberOfUsers,
            order.amountPence,
            order.currency,
            order.payerId,
            await emailOf(order.payerId),
            order.organisationId,
            order.membershipId,
            order.fulfilledAt,
          ]);
        }
      })();
    },
  };
}

export type StaffOrdersDesk = ReturnType<typeof staffOrdersDesk>;
