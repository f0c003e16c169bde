import type { NotificationRefusal, PaymentOutcome } from "./payment-port";
import { SCHOOL_INVOICE_KIND } from "./stripe-invoicing";

/*
 * Stripe's invoice and subscription events in the site's terms
 * (stripe-provider.ts verifies the signature first; docs/payments.md,
 * "Stripe"). An invoice is either one of the site's school invoices
 * (metadata.kind, stripe-invoicing.ts) or a subscription's: its first is paid
 * at checkout (checkout.session.completed fulfils it), later ones renew.
 * Since API version 2025-03-31 an invoice names its subscription under
 * parent.subscription_details; before, at `subscription`. Both are read.
 */

export interface StripeInvoiceObject {
  id?: string;
  metadata?: Record<string, string> | null;
  billing_reason?: string | null;
  subscription?: string | { id: string } | null;
  parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null;
}

export interface StripeEvent {
  id: string;
  type: string;
  data: { object: StripeInvoiceObject & { object?: string } };
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : value?.id);

function subscriptionOf(invoice: StripeInvoiceObject): string | undefined {
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
}

/** The outcome of an invoice.* or customer.subscription.* event; undefined for any other type. */
export function invoiceOrSubscriptionOutcome(event: StripeEvent): PaymentOutcome | NotificationRefusal | undefined {
  const object = event.data?.object;
  switch (event.type) {
    case "invoice.paid": {
      if (typeof object?.id !== "string") return { kind: "refused", reason: "no invoice in the event" };
      if (object.metadata?.kind === SCHOOL_INVOICE_KIND) return { kind: "invoice-paid", reference: object.id };
      const subscription = subscriptionOf(object);
      if (!subscription) return { kind: "ignored", reason: "an invoice that is neither a school invoice nor a subscription's" };
      // The first invoice is the checkout's own payment.
      if (object.billing_reason === "subscription_create") return { kind: "ignored", reason: "a subscription's first invoice, paid at checkout" };
      return { kind: "renewal-paid", subscription, eventRef: object.id };
    }
    case "invoice.payment_failed": {
      if (typeof object?.id !== "string") return { kind: "refused", reason: "no invoice in the event" };
      const subscription = subscriptionOf(object);
      // Each failed attempt is its own event: the event's id is what is applied once.
      return subscription ? { kind: "renewal-failed", subscription, eventRef: event.id } : { kind: "ignored", reason: "a failed invoice of no subscription" };
    }
    case "customer.subscription.deleted":
      if (typeof object?.id !== "string") return { kind: "refused", reason: "no subscription in the event" };
      return { kind: "subscription-ended", subscription: object.id, eventRef: event.id };
    default:
      return undefined;
  }
}
