import type { Kysely } from "kysely";
import type { AuditLog } from "../../audit";
import type { CrmIds, CrmPort } from "../../crm";
import type { Database } from "../../db/schema";
import { isUniqueViolation } from "../../db/unique-violation";
import { formatLondonDate } from "../../domain/membership-status";
import { formatPounds } from "../../domain/plans";
import type { Logger } from "../../logging";
import type { Mailer } from "../../mail/mailer";
import { fulfilOrder } from "../fulfilment";
import type { PaymentOutcome } from "../payment-port";
import { paymentOrders, type OrderRow } from "../payment-orders";
import { periodOfPlan } from "./recurring-plans";
import { applyEnded, applyRenewalFailed, applyRenewalPaid, createSubscription, subscriptionByRef } from "./subscription-ledger";

/*
 * Plans that renew at the provider (issue 29; docs/payments.md, "Plans that
 * renew"): with Stripe, the monthly plan is a subscription. Its checkout's
 * fulfilment records the subscription (subscription-ledger.ts); each later
 * payment becomes an order of its own, fulfilled exactly as a first payment
 * is (the membership extended by the period, a receipt numbered and
 * emailed), with the ledger's period moved on in the same transaction; a
 * failed payment makes it past due and tells the member, the membership
 * running to the end of what was paid; the end stops the renewal. Every
 * event is applied once, however often and however concurrently the
 * provider sends it.
 */

type SubscriptionOutcome = Extract<PaymentOutcome, { kind: "renewal-paid" | "renewal-failed" | "subscription-ended" }>;

export interface ProviderSubscriptionsDependencies {
  db: Kysely<Database>;
  crm: CrmPort;
  ids: CrmIds;
  audit: AuditLog;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  clock: () => Date;
  /** The payments service's receipt, queued in the fulfilment's transaction. */
  queueReceipt(trx: Kysely<Database>, crm: CrmPort, order: OrderRow, reference: string, now: Date): Promise<void>;
  /** The provider has a page where the member changes the card (Stripe's Customer Portal). */
  cardChangeable: boolean;
  /** The plan as the receipt and emails name it. */
  describe(order: Pick<OrderRow, "plan_type" | "number_of_users">): string;
}

export function isSubscriptionOutcome(outcome: PaymentOutcome): outcome is SubscriptionOutcome {
  return outcome.kind === "renewal-paid" || outcome.kind === "renewal-failed" || outcome.kind === "subscription-ended";
}

export function providerSubscriptions(deps: ProviderSubscriptionsDependencies) {
  const { db, logger } = deps;
  const orders = paymentOrders(db);

  /** A later period paid: an order of its own (named after the payment, so a replay finds it), fulfilled once. */
  async function renewalPaid(subscription: NonNullable<Awaited<ReturnType<typeof subscriptionByRef>>>, eventRef: string): Promise<void> {
    const now = deps.clock();
    const sessionId = `renewal_${eventRef}`;
    if (!(await orders.bySession(sessionId))) {
      try {
        const orderId = await orders.insert({
          sessionId,
          constituentId: subscription.constituent_id,
          organisationId: subscription.organisation_id,
          planType: subscription.plan_type,
          numberOfUsers: subscription.number_of_users,
          levelId: subscription.level_id,
          amountPence: subscription.amount_pence,
          provider: subscription.provider,
          renews: true,
          now,
        });
        await db.updateTable("payment_orders").set({ provider_reference: eventRef, subscription_id: subscription.id }).where("id", "=", orderId).execute();
      } catch (error) {
        // The same payment told twice at once: the other telling made the order.
        if (!isUniqueViolation(error)) throw error;
      }
    }
    const order = (await orders.bySession(sessionId))!;
    const fulfilled = await fulfilOrder({ db, crm: deps.crm, ids: deps.ids, audit: deps.audit }, order, eventRef, now, async (trx, trxCrm, membershipId) => {
      // The plan follows the membership after renewal (a new record when Tessitura renews as one).
      await applyRenewalPaid(trx, subscription.id, eventRef, () => now, membershipId);
      await deps.queueReceipt(trx, trxCrm, { ...order, membership_id: membershipId }, eventRef, now);
    });
    logger.info({ subscriptionId: subscription.id, orderId: order.id, outcome: fulfilled.kind }, "subscription renewal paid");
  }

  async function renewalFailed(subscription: NonNullable<Awaited<ReturnType<typeof subscriptionByRef>>>, eventRef: string, retryAt: Date | null): Promise<void> {
    const now = deps.clock();
    if (!(await applyRenewalFailed(db, subscription.id, eventRef, retryAt, () => now))) return;
    const payer = await deps.crm.personContact(subscription.constituent_id);
    if (payer?.Email) {
      await deps.mailer.send({
        to: payer.Email,
        template: "membership-payment-failed",
        context: {
          firstName: payer.FirstName,
          plan: deps.describe(subscription),
          amount: formatPounds(subscription.amount_pence),
          validUntil: formatLondonDate(subscription.current_period_end),
          accountUrl: `${deps.publicUrl}/account/my-account/#membership`,
          cardChangeable: deps.cardChangeable && subscription.provider_customer_ref !== null,
        },
      });
    }
    logger.warn({ subscriptionId: subscription.id, eventRef }, "subscription payment failed: the member was told");
  }

  return {
    /** In the first payment's fulfilment transaction: the subscription its checkout started, running to the membership's new end. */
    async record(trx: Kysely<Database>, trxCrm: CrmPort, order: OrderRow, membershipId: number, started: { reference: string; customer: string | null }, now: Date): Promise<void> {
      const membership = await trxCrm.membershipSummary(membershipId);
      const subscriptionId = await createSubscription(
        trx,
        {
          constituentId: order.constituent_id,
          organisationId: order.organisation_id,
          planType: order.plan_type,
          levelId: order.level_id,
          numberOfUsers: order.number_of_users,
          amountPence: order.amount_pence,
          period: periodOfPlan(order.plan_type),
          provider: order.provider,
          providerSubscriptionRef: started.reference,
          providerCustomerRef: started.customer,
          membershipId,
          renews: true,
          currentPeriodEnd: new Date(membership?.ExpirationDateTime ?? now),
        },
        () => now,
      );
      await trx.updateTable("payment_orders").set({ subscription_id: subscriptionId }).where("id", "=", order.id).execute();
    },

    /** A verified subscription event from the provider. */
    async apply(outcome: SubscriptionOutcome): Promise<void> {
      const subscription = await subscriptionByRef(db, outcome.subscription);
      if (!subscription) {
        logger.warn({ subscription: outcome.subscription, kind: outcome.kind }, "subscription event for no known subscription");
        return;
      }
      if (outcome.kind === "renewal-paid") return renewalPaid(subscription, outcome.eventRef);
      if (outcome.kind === "renewal-failed") return renewalFailed(subscription, outcome.eventRef, outcome.retryAt ?? null);
      if (await applyEnded(db, subscription.id, outcome.eventRef, deps.clock)) logger.info({ subscriptionId: subscription.id }, "subscription ended at the provider");
    },
  };
}
