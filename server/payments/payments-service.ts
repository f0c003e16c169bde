import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { AuditLog } from "../audit";
import type { CrmIds, CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import { formatLondonDate } from "../domain/membership-status";
import { describePlan, formatPounds } from "../domain/plans";
import type { Logger } from "../logging";
import type { Mailer } from "../mail/mailer";
import { isRefusal, refuse, type Outcome, type Refusal } from "../shared/refusal";
import { readBasketItem } from "./basket-item";
import type { SellerDetails } from "./documents";
import { fulfilOrder } from "./fulfilment";
import { orderReceipts, receiptPath, type ReceiptPdf } from "./order-receipts";
import { ORDER_STATUS_LABELS, orderLedger, type OrderLedger } from "./order-ledger";
import { orderRefunds, type RefundRecord, type StaffRefund } from "./refunds";
import type { NotificationResult } from "./notification-result";
import type { Checkout, PaymentProvider } from "./payment-port";
import { paymentOrders, type OrderRow } from "./payment-orders";
import { createSandboxCheckout, type SandboxCheckout } from "./sandbox-checkout";
import { schoolPurchaseDecision, schoolPurchaseRefusal } from "./school-purchase";
import type { SandboxProvider } from "./sandbox-provider";
import { recurringPeriodOf } from "./subscriptions/recurring-plans";
import { isSubscriptionOutcome, providerSubscriptions } from "./subscriptions/provider-subscriptions";
import { sandboxRenewals } from "./subscriptions/sandbox-renewals";
import { renewalChoice, type OrderRenewal, type RenewingPlan } from "./subscriptions/renewal-choice";

export const PAYMENT_FAILED_MESSAGE = "Payment processing failed. Please try again.";
const NOT_FOUND_MESSAGE = "We couldn't find that order. Start the payment again from the plan page.";
const unfulfilledMessage = (staffEmail: string) =>
  `Your payment went through, but the school's membership could not be given: by then you were no longer someone who can buy it. It will be refunded; contact us at ${staffEmail} with any questions.`;

interface Named {
  Id: number;
  DisplayName: string;
  SortName: string;
}

/** The spec's order details (section 3), answered by GET /account/cart/orders/. */
export interface OrderDetails {
  Products: { ProductClass: { Description: "Membership" }; Membership: { Id: number; MembershipLevel: { Id: number }; Recipient: Named } }[];
  Constituent: Named;
  Status: "approved";
}

/** One line of the Orders section on My account. */
export interface OrderLine {
  date: string;
  plan: string;
  amount: string;
  status: string;
  /** The VAT receipt's address, for a paid order that has one. */
  receiptUrl?: string;
}

/** One order in the person's data download: what was bought, for how much, and what became of it. */
export interface OrderExport {
  reference: string;
  createdAt: string;
  plan: string;
  numberOfUsers: number;
  amount: string;
  currency: string;
  status: string;
  fulfilledAt: string | null;
}

/** Paid orders in a period, for the back office's dashboard. */
export interface Takings {
  orders: number;
  /** Their amounts added up, in pence (every order is in pounds). */
  revenuePence: number;
}

export type { NotificationResult };

/**
 * Payments (docs/payments.md): the basket, the provider's checkout, the
 * verified notifications that alone record a payment, and the orders a
 * person can see. The browser's return to the site is only a hint.
 */
export interface PaymentsService {
  /** POST /account/add-to-basket/: the REDIRECT link of a new checkout. */
  addToBasket(userId: number, body: unknown): Promise<{ redirectUrl: string; sessionId: string } | Refusal>;
  /** GET /account/cart/orders/: only the payer's, only once paid (refused otherwise: not found, forbidden when unfulfilled, conflict). */
  orderDetails(userId: number, sessionId: string): Promise<OrderDetails | Refusal>;
  /** The person's payments, newest first, for My account. */
  orderLines(userId: number): Promise<OrderLine[]>;
  /** The payer's VAT receipt of a paid order, by the order's session id: not found for anyone else (docs/payments.md, "Receipts and invoices"). */
  receiptPdf(userId: number, sessionId: string): Promise<ReceiptPdf | Refusal>;
  /** The person's orders in full, oldest first, for "Download my data" (docs/my-account.md). */
  ordersForExport(userId: number): Promise<OrderExport[]>;
  /** Orders placed from `from` until before `to` and paid: how many, and the revenue (the back office's dashboard). */
  takings(from: Date, to: Date): Promise<Takings>;
  /** A provider's notification, verified on its raw bytes; fulfils at most once. */
  handleNotification(provider: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<NotificationResult>;
  /** The sandbox's hosted checkout, when the sandbox is the provider. */
  sandbox: SandboxCheckout | undefined;
  /** The person's plans that renew, not ended (My account's Membership tab). */
  renewingPlans(userId: number): Promise<RenewingPlan[]>;
  /** The person turns the renewal of one of their plans off or on (`renews`: "on" | "off"). */
  chooseRenewal(userId: number, subscriptionId: number, submitted: unknown, ip: string): Promise<Outcome<{ renews: boolean }>>;
  /** The plan an order paid a period of, for the back office's order page; undefined for a one-off payment. */
  renewalOfOrder(orderId: number): Promise<OrderRenewal | undefined>;
  /** Staff turn the renewal of an order's plan off or on for its payer (audited with the staff account). */
  chooseRenewalForPayer(orderId: number, submitted: unknown, staff: { staffId: number; ip: string }): Promise<Outcome<{ renews: boolean }>>;
  /** The provider's page where the member changes the card one of their plans renews with (Stripe's Customer Portal). */
  cardUpdate(userId: number, subscriptionId: number): Promise<Outcome<{ url: string }>>;
  /** One round of the sandbox's renewals of plans that renew (the scheduler's job); nothing to do with another provider, which renews them itself. */
  renewSandboxSubscriptions(now: Date): Promise<{ done: number }>;
  /** Every order, for the back office: a page with filters, one order, a streamed export. */
  ledger: OrderLedger;
  /** An order's refunds, oldest first. */
  refundsOf(orderId: number): Promise<RefundRecord[]>;
  /** The paid order's receipt again, to the payer's address now (the back office); refused for an order not paid. */
  resendReceipt(orderId: number): Promise<{ sentTo: string } | Refusal>;
  /** Staff refund part or all of what is left of a paid order through the provider; answers the order's refunds. */
  refund(request: StaffRefund): Promise<RefundRecord[] | Refusal>;
}

export interface PaymentsDependencies {
  db: Kysely<Database>;
  crm: CrmPort;
  ids: CrmIds;
  provider: PaymentProvider;
  /** The same object as `provider` when it is the sandbox. */
  sandbox?: SandboxProvider;
  mailer: Mailer;
  logger: Logger;
  audit: AuditLog;
  publicUrl: string;
  /** Named in refusals that send the payer to staff. */
  staffEmail: string;
  /** The seller printed on receipts (configuration: SELLER_*, VAT_RATE_PERCENT, BANK_*). */
  seller: SellerDetails;
  /** Records a school invoice the provider reports paid (the invoices service's paidAtProvider). */
  settleInvoice?: (orderId: number) => Promise<void>;
  clock?: () => Date;
}

export function createPaymentsService(deps: PaymentsDependencies): PaymentsService {
  const { db, crm, ids, provider, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const orders = paymentOrders(db);
  const refunds = orderRefunds({ db, crm, provider, mailer: deps.mailer, audit: deps.audit, logger, clock, stopRenewalOf: (membershipId, by) => renewals.stopForMembership(membershipId, by) });

  const named = async (id: number, from: CrmPort = crm): Promise<Named> => {
    const detail = await from.constituentDetail(id);
    return { Id: id, DisplayName: detail?.DisplayName ?? "", SortName: detail?.SortName ?? "" };
  };

  const describe = (order: Pick<OrderRow, "plan_type" | "number_of_users">): string => describePlan(ids.membershipLevels, order.plan_type, order.number_of_users);
  const receipts = orderReceipts({ db, crm, seller: deps.seller, describe });

  /**
   * Queues the receipt in the fulfilment's transaction, read through it (the
   * new membership is not visible outside it yet): the payment and its
   * receipt commit together, and the outbox delivers it.
   */
  async function queueReceipt(trx: Kysely<Database>, trxCrm: CrmPort, order: OrderRow, reference: string, now: Date): Promise<void> {
    const payer = await trxCrm.personContact(order.constituent_id);
    if (!payer?.Email) return;
    const membership = order.membership_id === null ? undefined : await trxCrm.membershipSummary(order.membership_id);
    await deps.mailer.send(
      {
        to: payer.Email,
        template: "receipt",
        context: {
          firstName: payer.FirstName,
          plan: describe(order),
          recipientName: order.organisation_id === null ? "" : (await named(order.organisation_id, trxCrm)).DisplayName,
          amount: formatPounds(order.amount_pence),
          paidOn: formatLondonDate(now),
          validUntil: membership ? formatLondonDate(membership.ExpirationDateTime) : "",
          reference,
          // "month" or "year" for a plan that renews at the provider: the receipt says the next payment is taken on validUntil.
          renews: recurringPeriodOf(order) ?? "",
          membershipUrl: `${deps.publicUrl}/account/my-account/#membership`,
          receiptUrl: `${deps.publicUrl}${receiptPath(order.session_id)}`,
        },
      },
      { db: trx },
    );
  }

  const sandboxSubscriptions = deps.sandbox && sandboxRenewals({ db, sandbox: deps.sandbox, handleNotification: (name, body, headers) => handleNotification(name, body, headers) });
  const renewals = renewalChoice({ db, audit: deps.audit, logger, recurring: provider.recurring, describe, clock });
  const subscriptions = providerSubscriptions({ db, crm, ids, audit: deps.audit, mailer: deps.mailer, logger, publicUrl: deps.publicUrl, clock, queueReceipt, describe, cardChangeable: Boolean(provider.recurring?.cardUpdateUrl) });

  async function handleNotification(
    providerName: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<NotificationResult> {
    if (providerName !== provider.name) return { kind: "unknown-provider" };
    const outcome = await provider.verifyNotification(rawBody, headers);
    if (outcome.kind === "refused") {
      logger.warn({ provider: providerName, reason: outcome.reason }, "payment notification refused");
      return outcome;
    }
    if (outcome.kind === "ignored") return { kind: "accepted" };
    if (isSubscriptionOutcome(outcome)) {
      await subscriptions.apply(outcome);
      return { kind: "accepted" };
    }
    const order = await orders.byReference(provider.name, outcome.reference);
    if (!order) {
      logger.warn({ provider: providerName, reference: outcome.reference }, "payment notification for no known order");
      return { kind: "accepted" };
    }
    if (outcome.kind === "invoice-paid") {
      if (deps.settleInvoice) await deps.settleInvoice(order.id);
      else logger.warn({ orderId: order.id }, "invoice paid at the provider, but no invoices service to record it");
      return { kind: "accepted" };
    }
    const now = clock();
    if (outcome.kind === "refunded") {
      await refunds.recordProviderRefund(order, outcome.refundedTotalPence);
      return { kind: "accepted" };
    }
    if (outcome.kind !== "approved") {
      await orders.settleUnpaid(order.id, outcome.kind, now);
      logger.info({ orderId: order.id, status: outcome.kind }, "payment not made");
      return { kind: "accepted" };
    }
    const fulfilled = await fulfilOrder({ db, crm, ids, audit: deps.audit }, order, outcome.reference, now, async (trx, trxCrm, membershipId) => {
      // A recurring checkout started a subscription: recorded with its first payment.
      if (outcome.subscription) await subscriptions.record(trx, trxCrm, order, membershipId, outcome.subscription, now);
      await queueReceipt(trx, trxCrm, { ...order, membership_id: membershipId }, outcome.reference, now);
    });
    if (fulfilled.kind === "already") {
      logger.info({ orderId: order.id }, "payment notification repeated: already fulfilled");
      return { kind: "accepted" };
    }
    if (fulfilled.kind === "unfulfilled") {
      // Acknowledged all the same: a retry would be refused again. Staff refund it (docs/payments.md).
      logger.warn({ orderId: order.id, userId: order.constituent_id, organisationId: order.organisation_id, rule: `school-purchase:${fulfilled.reason}` }, "payment not fulfilled: to refund");
      return { kind: "accepted" };
    }
    logger.info({ orderId: order.id, membershipId: fulfilled.membershipId, userId: order.constituent_id }, "payment fulfilled");
    return { kind: "accepted" };
  }

  return {
    async addToBasket(userId, body) {
      const item = readBasketItem(body, ids.membershipLevels);
      if (isRefusal(item)) return item;
      if (item.constituentId !== userId) {
        logger.warn({ userId, rule: "self-only", constituentId: item.constituentId }, "basket refused");
        return refuse("forbidden", "You can only buy a membership from your own account. Reload the page and try again.");
      }
      if (item.organisationId !== false) {
        const organisation = await crm.constituentDetail(item.organisationId);
        if (!organisation || organisation.ConstituentType.Id !== ids.constituentTypes.organisation) {
          logger.warn({ userId, rule: "organisation-exists", organisationId: item.organisationId }, "basket refused");
          return refuse("not-found", "We couldn't find that school. Search for it again.");
        }
      }
      const now = clock();
      if (item.organisationId !== false) {
        const order = { constituentId: userId, schoolId: item.organisationId, levelId: item.plan.levelId, numberOfUsers: item.plan.numberOfUsers };
        const decision = await schoolPurchaseDecision(db, crm, ids, order, now);
        if (decision.kind === "refused") {
          logger.warn({ userId, rule: `school-purchase:${decision.reason}`, organisationId: item.organisationId }, "basket refused");
          return schoolPurchaseRefusal(decision, deps.staffEmail);
        }
      }
      // Read before the order exists: an unreachable CRM then leaves no order behind.
      const payer = await crm.personContact(userId);
      const sessionId = randomBytes(24).toString("base64url");
      const { plan } = item;
      const orderId = await orders.insert({
        sessionId,
        constituentId: userId,
        organisationId: item.organisationId === false ? null : item.organisationId,
        planType: plan.planType,
        numberOfUsers: plan.numberOfUsers,
        levelId: plan.levelId,
        amountPence: plan.amountPence,
        provider: provider.name,
        renews: item.renews,
        now,
      });
      const registerUrl = (status: string) =>
        `${deps.publicUrl}/account/register/?paymentStatus=${status}&sessionId=${encodeURIComponent(sessionId)}`;
      const renewsEvery = item.renews ? plan.period : undefined;
      let checkout: Checkout;
      try {
        checkout = await provider.createCheckout({
          sessionId,
          amountPence: plan.amountPence,
          currency: "GBP",
          description: plan.description,
          customerEmail: payer?.Email ?? undefined,
          // A plan that renews does so at the provider (Stripe: a subscription), each month or year.
          recurring: renewsEvery && { period: renewsEvery },
          returnUrls: { approved: registerUrl("approved"), declined: registerUrl("declined"), cancelled: registerUrl("cancelled") },
        });
      } catch (error) {
        // The order stays pending with no reference, so no notification can ever fulfil it.
        logger.error({ err: error, orderId, provider: provider.name }, "checkout not created");
        return refuse("provider-failed", "We couldn't reach the payment provider. Nothing was charged; try again in a few minutes.");
      }
      await orders.setReference(orderId, checkout.reference);
      return { redirectUrl: checkout.redirectUrl, sessionId };
    },

    async orderDetails(userId, sessionId) {
      const order = await orders.bySession(sessionId);
      // Someone else's order answers exactly as an unknown one: ids are not confirmed to strangers.
      if (!order || order.constituent_id !== userId) return refuse("not-found", NOT_FOUND_MESSAGE);
      if (order.status === "unfulfilled") return refuse("forbidden", unfulfilledMessage(deps.staffEmail));
      if (order.status !== "approved" || order.membership_id === null) return refuse("conflict", PAYMENT_FAILED_MESSAGE);
      const payer = await named(order.constituent_id);
      const recipient = order.organisation_id === null ? payer : await named(order.organisation_id);
      return {
        Products: [
          { ProductClass: { Description: "Membership" }, Membership: { Id: order.membership_id, MembershipLevel: { Id: order.level_id }, Recipient: recipient } },
        ],
        Constituent: payer,
        Status: "approved",
      };
    },

    async orderLines(userId) {
      const rows = await orders.ofConstituent(userId);
      const withReceipts = await receipts.numberedOrders(rows.map((order) => order.id));
      return rows.map((order) => ({
        date: formatLondonDate(order.created_at),
        plan: describe(order),
        amount: formatPounds(order.amount_pence),
        status: ORDER_STATUS_LABELS[order.status],
        ...(withReceipts.has(order.id) ? { receiptUrl: receiptPath(order.session_id) } : {}),
      }));
    },

    receiptPdf: async (userId, sessionId) => receipts.receiptPdf(userId, await orders.bySession(sessionId)),

    async takings(from, to) {
      const paid = await orders.paidBetween(from, to);
      return { orders: paid.orders, revenuePence: paid.amountPence };
    },

    async ordersForExport(userId) {
      const rows = await orders.ofConstituent(userId);
      return rows.reverse().map((order) => ({
        reference: order.session_id,
        createdAt: order.created_at,
        plan: describe(order),
        numberOfUsers: order.number_of_users,
        amount: formatPounds(order.amount_pence),
        currency: order.currency,
        status: order.status,
        fulfilledAt: order.fulfilled_at,
      }));
    },

    handleNotification,

    ledger: orderLedger(db, describe),
    refundsOf: (orderId) => refunds.refundsOf(orderId),
    async resendReceipt(orderId) {
      const order = await orders.byId(orderId);
      if (!order) return refuse("not-found", "We couldn't find that order.");
      if (order.status !== "approved" || !order.provider_reference || !order.fulfilled_at) return refuse("conflict", "Only a paid order has a receipt.", { rule: "order-paid" });
      const payer = await crm.personContact(order.constituent_id);
      if (!payer?.Email) return refuse("conflict", "The payer's account has been deleted, so there is no address to send it to.", { rule: "payer-exists" });
      const reference = order.provider_reference;
      // The receipt as it was sent: paid on the day the membership was given.
      await inTransaction(db, (trx) => crm.inTransaction((trxCrm) => queueReceipt(trx, trxCrm, order, reference, new Date(order.fulfilled_at!)), { joining: trx }));
      return { sentTo: payer.Email };
    },
    refund: async (request) => refunds.refundByStaff(await orders.byId(request.orderId), request),

    renewingPlans: (userId) => renewals.renewingPlans(userId),
    chooseRenewal: (userId, subscriptionId, submitted, ip) => renewals.chooseRenewal(userId, subscriptionId, submitted, ip),
    renewalOfOrder: (orderId) => renewals.ofOrder(orderId),
    chooseRenewalForPayer: (orderId, submitted, staff) => renewals.chooseForPayer(orderId, submitted, staff),
    cardUpdate: (userId, subscriptionId) => renewals.cardUpdate(userId, subscriptionId, `${deps.publicUrl}/account/my-account/#membership`),
    renewSandboxSubscriptions: (now) => (sandboxSubscriptions ? sandboxSubscriptions.renewDue(now) : Promise.resolve({ done: 0 })),
    sandbox: deps.sandbox
      ? createSandboxCheckout({ orders, sandbox: deps.sandbox, describe, handleNotification, publicUrl: deps.publicUrl })
      : undefined,
  };
}
