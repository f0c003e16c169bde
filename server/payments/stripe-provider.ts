import Stripe from "stripe";
import type { Checkout, CheckoutOrder, NotificationRefusal, PaymentOutcome, PaymentProvider } from "./payment-port";
import { invoiceOrSubscriptionOutcome, type StripeEvent } from "./stripe-events";
import { stripePaymentLookup } from "./stripe-payment-lookup";
import { stripeInvoicing } from "./stripe-invoicing";

/*
 * Stripe Checkout behind the payment port (PAYMENT_PROVIDER=stripe,
 * docs/payments.md). createCheckout makes a Checkout Session priced by the
 * server; the browser goes to its hosted page. A payment is recorded only
 * from a webhook whose Stripe-Signature verifies over the raw body; the
 * success_url the browser comes back to is a hint, as with the sandbox.
 * A school's invoice is held at Stripe as well (stripe-invoicing.ts) and
 * reported paid by invoice.paid.
 */

/** Where the SDK sends its API calls; only tests (a local stand-in) change it. */
export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: "http" | "https";
}

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  api?: StripeApiAddress;
}

/**
 * The SDK's default waits 80 seconds for an answer; a person is waiting on
 * the checkout button, so 10 seconds, and one retry of a failed connection
 * (the SDK sends an idempotency key, so a retried create is not doubled).
 * Worst case about 20 seconds (docs/faults.md).
 */
export const STRIPE_TIMEOUT_MS = 10_000;
export const STRIPE_NETWORK_RETRIES = 1;

type SessionEvent = {
  type: string;
  data: { object: { id: string; payment_status?: string; mode?: string; subscription?: string | { id: string } | null; customer?: string | { id: string } | null } };
};

/** A recurring checkout's subscription and customer, named by id or expanded. */
function subscriptionStarted(session: SessionEvent["data"]["object"]): { reference: string; customer: string | null } | undefined {
  const reference = typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
  if (session.mode !== "subscription" || !reference) return undefined;
  const customer = typeof session.customer === "string" ? session.customer : (session.customer?.id ?? null);
  return { reference, customer };
}
type ChargeEvent = { type: "charge.refunded"; data: { object: { id: string; payment_intent?: string | null; amount_refunded?: number } } };
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, { ...options.api, telemetry: false, timeout: STRIPE_TIMEOUT_MS, maxNetworkRetries: STRIPE_NETWORK_RETRIES });

  function outcomeOf(event: SessionEvent): PaymentOutcome {
    const session = event.data.object;
    switch (event.type) {
      case "checkout.session.completed":
        // Card payments complete paid; a delayed method (e.g. a bank debit) completes "unpaid" and reports later.
        if (session.payment_status === "unpaid") return { kind: "ignored", reason: "checkout completed, payment still pending" };
        return { kind: "approved", reference: session.id, ...(subscriptionStarted(session) ? { subscription: subscriptionStarted(session) } : {}) };
      case "checkout.session.async_payment_succeeded":
        return { kind: "approved", reference: session.id };
      case "checkout.session.async_payment_failed":
        return { kind: "failed", reference: session.id };
      case "checkout.session.expired":
        return { kind: "cancelled", reference: session.id };
      default:
        return { kind: "ignored", reason: `event ${event.type}` };
    }
  }

  const payments = stripePaymentLookup(stripe);

  /** A refund made in Stripe's dashboard: the order its payment paid (a Checkout Session, or a renewal's invoice), and the payment's refunded total. */
  async function refundOutcome(event: ChargeEvent): Promise<PaymentOutcome> {
    const charge = event.data.object;
    if (!charge.payment_intent || !Number.isSafeInteger(charge.amount_refunded)) return { kind: "ignored", reason: "a refunded charge without a payment" };
    const reference = await payments.orderReferenceOf(charge.payment_intent);
    if (!reference) return { kind: "ignored", reason: `no order paid by ${charge.payment_intent}` };
    return { kind: "refunded", reference, refundedTotalPence: charge.amount_refunded! };
  }

  return {
    name: "stripe",
    invoicing: stripeInvoicing(stripe),
    recurring: {
      async setRenewal(reference, renews) {
        // Setting the same value twice is harmless, so no idempotency key is needed.
        await stripe.subscriptions.update(reference, { cancel_at_period_end: !renews });
      },
      async cardUpdateUrl(customer, returnUrl) {
        // A portal session is short-lived and made per visit: nothing to key.
        const portal = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
        return portal.url;
      },
    },

    async refund({ reference, amountPence, idempotencyKey }) {
      const paymentIntent = await payments.paymentIntentOf(reference);
      if (!paymentIntent) throw new Error(`${reference} has no payment to refund`);
      const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount: amountPence }, { idempotencyKey });
      return { refundReference: refund.id };
    },

    async createCheckout(order: CheckoutOrder): Promise<Checkout> {
      const recurring = order.recurring ? { interval: order.recurring.period } : undefined;
      const session = await stripe.checkout.sessions.create({
        // A plan that renews is a subscription: Stripe charges it each period and reports each payment (invoice.paid).
        mode: recurring ? "subscription" : "payment",
        line_items: [
          {
            quantity: 1,
            price_data: { currency: order.currency.toLowerCase(), unit_amount: order.amountPence, product_data: { name: order.description }, recurring },
          },
        ],
        client_reference_id: order.sessionId,
        metadata: { sessionId: order.sessionId },
        subscription_data: recurring ? { metadata: { sessionId: order.sessionId } } : undefined,
        customer_email: order.customerEmail,
        success_url: order.returnUrls.approved,
        cancel_url: order.returnUrls.cancelled,
      });
      if (!session.url) throw new Error(`Stripe answered Checkout Session ${session.id} without a url`);
      return { redirectUrl: session.url, reference: session.id };
    },

    async verifyNotification(rawBody, headers): Promise<PaymentOutcome | NotificationRefusal> {
      const signature = headers["stripe-signature"];
      if (typeof signature !== "string" || signature === "") return { kind: "refused", reason: "no Stripe-Signature header" };
      let event: SessionEvent;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret) as unknown as SessionEvent;
      } catch (error) {
        return { kind: "refused", reason: error instanceof Error ? error.message : "bad signature" };
      }
      if (event.type === "charge.refunded") return refundOutcome(event as unknown as ChargeEvent);
      const other = invoiceOrSubscriptionOutcome(event as unknown as StripeEvent);
      if (other) return other;
      if (!event.type.startsWith("checkout.session.")) return { kind: "ignored", reason: `event ${event.type}` };
      if (typeof event.data?.object?.id !== "string") return { kind: "refused", reason: "no Checkout Session in the event" };
      return outcomeOf(event);
    },
  };
}
