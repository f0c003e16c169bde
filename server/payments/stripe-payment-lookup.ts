import type Stripe from "stripe";

/*
 * Which Stripe PaymentIntent paid an order, and which order a PaymentIntent
 * paid (docs/payments.md, "Refunds"). An order's reference is a Checkout
 * Session (cs_…) or, for a renewal, the invoice Stripe charged (in_…). A
 * one-off payment's session names its PaymentIntent; a session in
 * subscription mode names none (its payment is the subscription's first
 * invoice's), and neither does an invoice (API 2025-03-31 and later): both are
 * reached through the invoice's payments.
 */

const idOf = (value: string | { id: string } | null | undefined): string | undefined => (typeof value === "string" ? value : value?.id);

export interface StripePaymentLookup {
  /** The PaymentIntent that paid the order with this reference, or undefined when it has none (not paid). */
  paymentIntentOf(reference: string): Promise<string | undefined>;
  /** The reference of the order a PaymentIntent paid: its Checkout Session, or a renewal's invoice; undefined for a payment of no order. */
  orderReferenceOf(paymentIntent: string): Promise<string | undefined>;
}

export function stripePaymentLookup(stripe: Stripe): StripePaymentLookup {
  async function paymentIntentOfInvoice(invoice: string): Promise<string | undefined> {
    const payments = await stripe.invoicePayments.list({ invoice, status: "paid", limit: 1 });
    const payment = payments.data[0]?.payment;
    return payment?.type === "payment_intent" ? idOf(payment.payment_intent) : undefined;
  }

  return {
    async paymentIntentOf(reference) {
      if (reference.startsWith("in_")) return paymentIntentOfInvoice(reference);
      const session = await stripe.checkout.sessions.retrieve(reference);
      const own = idOf(session.payment_intent);
      if (own) return own;
      const firstInvoice = idOf(session.invoice);
      return firstInvoice ? paymentIntentOfInvoice(firstInvoice) : undefined;
    },

    async orderReferenceOf(paymentIntent) {
      const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
      if (sessions.data[0]) return sessions.data[0].id;
      const payments = await stripe.invoicePayments.list({ payment: { type: "payment_intent", payment_intent: paymentIntent }, limit: 1 });
      const invoiceId = idOf(payments.data[0]?.invoice);
      if (!invoiceId) return undefined;
      const invoice = await stripe.invoices.retrieve(invoiceId);
      if (invoice.billing_reason !== "subscription_create") return invoiceId;
      // A subscription's first invoice is the checkout's own payment: the order is its Checkout Session's.
      const subscription = idOf(invoice.parent?.subscription_details?.subscription);
      if (!subscription) return undefined;
      const started = await stripe.checkout.sessions.list({ subscription, limit: 1 });
      return started.data[0]?.id;
    },
  };
}
