/*
 * The payment port: what the site asks of a payment provider. The embedded
 * sandbox (sandbox-*.ts) and Stripe Checkout (stripe-provider.ts) implement
 * it: createCheckout makes a Checkout Session and answers its URL and id,
 * verifyNotification wraps stripe.webhooks.constructEvent on the raw body,
 * and refund gives money back through the provider's refunds API.
 * Nothing here names one provider. The return to the site is only a hint:
 * payments are recorded from verified notifications alone.
 */

/** What is being bought, as the server priced it. */
export interface CheckoutOrder {
  /** The site's opaque id for this checkout; the return address carries it. */
  sessionId: string;
  amountPence: number;
  currency: "GBP";
  description: string;
  /** The payer's email, for the provider's receipt and form, when known. */
  customerEmail?: string;
  /** Where the provider sends the browser back; it adds nothing the site trusts. */
  returnUrls: { approved: string; declined: string; cancelled: string };
  /**
   * A plan that renews (the monthly plan): the provider charges the same
   * amount each period until it is stopped. A provider without recurring
   * payments takes it as one payment (the sandbox, docs/payments.md).
   */
  recurring?: { period: "month" | "year" };
}

export interface Checkout {
  /** Where the browser goes to pay (the REDIRECT link). */
  redirectUrl: string;
  /** The provider's id for this payment: notifications name it. */
  reference: string;
}

/** A verified notification, in the site's terms. */
export type PaymentOutcome =
  /** Paid; for a recurring checkout, the provider's subscription (and customer) it started. */
  | { kind: "approved"; reference: string; subscription?: { reference: string; customer: string | null } }
  /** A subscription's later period was paid (`eventRef`: the provider's id for that payment, applied once). */
  | { kind: "renewal-paid"; subscription: string; eventRef: string }
  /** A subscription's payment failed; the membership runs to the end of what was paid. */
  | { kind: "renewal-failed"; subscription: string; eventRef: string; /** When the provider tries again (the sandbox says; Stripe keeps its own schedule). */ retryAt?: Date }
  /** The subscription ended at the provider (cancelled, or given up after failed payments): it renews no more. */
  | { kind: "subscription-ended"; subscription: string; eventRef: string }
  | { kind: "declined"; reference: string }
  | { kind: "cancelled"; reference: string }
  | { kind: "failed"; reference: string }
  /** A school's invoice held at the provider (ProviderInvoicing) was paid there, e.g. by bank transfer. */
  | { kind: "invoice-paid"; reference: string }
  /** Money went back to the payer (started here or at the provider): the payment's refunded total is now this. */
  | { kind: "refunded"; reference: string; refundedTotalPence: number }
  /** Verified, but an event the site does not act on. */
  | { kind: "ignored"; reason: string };

export type NotificationRefusal = { kind: "refused"; reason: string };

/** Money back on a paid checkout: part of it, or all that is left. */
export interface RefundRequest {
  /** The provider's reference for the payment (the order's provider_reference). */
  reference: string;
  amountPence: number;
  /** The same key for a retried request, so the provider refunds once. */
  idempotencyKey: string;
}

/** A school's invoice as the site issued it (its own number and PDF), for the provider to hold and collect. */
export interface ProviderInvoice {
  /** The site's invoice number ("INV-000001"): also the idempotency key, so a retried issue makes one invoice. */
  number: string;
  orderId: number;
  amountPence: number;
  description: string;
  termsDays: number;
  purchaseOrder: string | null;
  customer: { schoolName: string; contactName: string; email: string; addressLines: string[] };
}

/**
 * Invoices held at the provider (PAYMENT_PROVIDER=stripe: a Stripe invoice
 * with collection_method send_invoice, paid by bank transfer or online), and
 * reported paid by a verified notification ("invoice-paid"). The sandbox
 * has none: finance staff mark its invoices paid in the back office.
 */
export interface ProviderInvoicing {
  /** Creates and finalises the invoice; answers the provider's id (the order's reference from then on) and where the school can pay it online. */
  issue(invoice: ProviderInvoice): Promise<{ reference: string; payUrl: string | null }>;
}

/** Plans that renew at the provider (Stripe's subscriptions); the sandbox's renew through the site's own job. */
export interface ProviderRecurring {
  /** Stops the renewal at the end of what is paid (or restarts it before then). */
  setRenewal(subscriptionReference: string, renews: boolean): Promise<void>;
  /**
   * Where the payer changes the card a plan renews with, on the provider's own
   * site (Stripe: a Customer Portal session), coming back to `returnUrl`.
   * Absent where the provider keeps no card (the sandbox).
   */
  cardUpdateUrl?(customerReference: string, returnUrl: string): Promise<string>;
}

export interface PaymentProvider {
  /** Names the provider in orders and in the notification path (/payments/notifications/<name>/). */
  readonly name: string;
  createCheckout(order: CheckoutOrder): Promise<Checkout>;
  /** Checks the signature over the exact bytes received; a refusal changes nothing. */
  verifyNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<PaymentOutcome | NotificationRefusal>;
  /** Refunds `amountPence` of the payment; answers the provider's id for the refund. Throws when the provider refuses or fails. */
  refund(request: RefundRequest): Promise<{ refundReference: string }>;
  /** Present when the provider can hold and collect the site's invoices. */
  readonly invoicing?: ProviderInvoicing;
  /** Present when the provider renews plans itself. */
  readonly recurring?: ProviderRecurring;
}
