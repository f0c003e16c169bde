import { randomBytes } from "node:crypto";
import type { Checkout, CheckoutOrder, NotificationRefusal, PaymentOutcome, PaymentProvider } from "./payment-port";
import { SANDBOX_SIGNATURE_HEADER, sandboxSignatureIsValid, signSandboxBody } from "./sandbox-signature";

/*
 * The embedded payment provider (PAYMENT_PROVIDER=sandbox, the default): its
 * hosted checkout page is served by this site under /payments/sandbox/, and
 * it reports each outcome as a signed notification to
 * POST /payments/notifications/sandbox/, which the site verifies exactly as
 * it would a real provider's webhook. No money moves.
 */

export const SANDBOX_CARDS = {
  approved: "4242424242424242",
  declined: "4000000000000002",
  /** As Stripe's 4000 0000 0000 0341: the checkout's payment goes through, every later charge of a plan that renews fails. */
  renewalsFail: "4000000000000341",
} as const;

/** The sandbox's "customer" for a plan that renews: the card's behaviour when the renewals job charges it. */
export const SANDBOX_CUSTOMERS = { charged: "sbx_cus_charged", failing: "sbx_cus_failing" } as const;

/** What the sandbox's renewals job reports for a subscription (sandbox-renewals.ts). */
export type SandboxSubscriptionEvent =
  | { type: "subscription.renewal_paid"; subscription: string; eventRef: string }
  | { type: "subscription.payment_failed"; subscription: string; eventRef: string; retryAt: string | null }
  | { type: "subscription.ended"; subscription: string; eventRef: string };

export type SandboxResult = "approved" | "declined" | "cancelled";

const sandboxEvents: Record<string, SandboxResult> = {
  "payment.approved": "approved",
  "payment.declined": "declined",
  "payment.cancelled": "cancelled",
};

export interface SandboxProvider extends PaymentProvider {
  /** The result a card number gives on the hosted page; undefined for a number that is not a test card. */
  resultForCard(cardNumber: string): SandboxResult | undefined;
  /** The signed notification the sandbox sends for a payment's result; a recurring checkout's approval names the subscription it starts. */
  notification(reference: string, result: SandboxResult, subscription?: { reference: string; customer: string }): { rawBody: Buffer; headers: Record<string, string> };
  /** The signed notification of a subscription's renewal, failed payment or end (the renewals job's). */
  subscriptionNotification(event: SandboxSubscriptionEvent): { rawBody: Buffer; headers: Record<string, string> };
  /** The signed notification of a refund made at the provider (as Stripe's charge.refunded): the payment's refunded total. */
  refundNotification(reference: string, refundedTotalPence: number): { rawBody: Buffer; headers: Record<string, string> };
}

export function createSandboxProvider(options: { webhookSecret: string }): SandboxProvider {
  const { webhookSecret } = options;
  const signed = (event: Record<string, unknown>) => {
    const rawBody = Buffer.from(JSON.stringify(event));
    return { rawBody, headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(webhookSecret, rawBody) } };
  };
  return {
    name: "sandbox",

    async createCheckout(order: CheckoutOrder): Promise<Checkout> {
      return {
        redirectUrl: `/payments/sandbox/checkout/${encodeURIComponent(order.sessionId)}/`,
        reference: `sbx_${randomBytes(12).toString("hex")}`,
      };
    },

    async verifyNotification(rawBody, headers): Promise<PaymentOutcome | NotificationRefusal> {
      if (!sandboxSignatureIsValid(webhookSecret, rawBody, headers[SANDBOX_SIGNATURE_HEADER])) {
        return { kind: "refused", reason: "bad signature" };
      }
      let event: unknown;
      try {
        event = JSON.parse(rawBody.toString("utf8"));
      } catch {
        return { kind: "refused", reason: "body is not JSON" };
      }
      const subscriptionOutcome = sandboxSubscriptionOutcome(event);
      if (subscriptionOutcome) return subscriptionOutcome;
      const { type, reference, refundedTotalPence, subscription, customer } = (event ?? {}) as Record<string, unknown>;
      if (typeof reference !== "string" || typeof type !== "string") return { kind: "refused", reason: "no type or reference" };
      if (type === "payment.refunded") {
        return Number.isSafeInteger(refundedTotalPence) && (refundedTotalPence as number) > 0
          ? { kind: "refunded", reference, refundedTotalPence: refundedTotalPence as number }
          : { kind: "refused", reason: "a refund without its refunded total" };
      }
      const result = sandboxEvents[type];
      if (result === "approved" && typeof subscription === "string") {
        return { kind: "approved", reference, subscription: { reference: subscription, customer: typeof customer === "string" ? customer : null } };
      }
      return result ? { kind: result, reference } : { kind: "ignored", reason: `event ${type}` };
    },

    async refund() {
      // No money moved, so none goes back: the refund is its reference.
      return { refundReference: `sbx_re_${randomBytes(12).toString("hex")}` };
    },

    resultForCard(cardNumber) {
      const digits = cardNumber.replace(/[\s-]/g, "");
      if (digits === SANDBOX_CARDS.approved || digits === SANDBOX_CARDS.renewalsFail) return "approved";
      if (digits === SANDBOX_CARDS.declined) return "declined";
      return undefined;
    },

    notification(reference, result, subscription) {
      const started = subscription ? { subscription: subscription.reference, customer: subscription.customer } : {};
      return signed({ type: `payment.${result}`, reference, ...started, created: new Date().toISOString() });
    },

    subscriptionNotification(event) {
      return signed({ ...event, created: new Date().toISOString() });
    },

    refundNotification(reference, refundedTotalPence) {
      return signed({ type: "payment.refunded", reference, refundedTotalPence, created: new Date().toISOString() });
    },
  };
}

/** A renewals job's event, in the site's terms; undefined for any other event. */
function sandboxSubscriptionOutcome(event: unknown): PaymentOutcome | NotificationRefusal | undefined {
  const { type, subscription, eventRef, retryAt } = (event ?? {}) as Record<string, unknown>;
  if (typeof type !== "string" || !type.startsWith("subscription.")) return undefined;
  if (typeof subscription !== "string" || typeof eventRef !== "string") return { kind: "refused", reason: "a subscription event without its subscription" };
  if (type === "subscription.renewal_paid") return { kind: "renewal-paid", subscription, eventRef };
  if (type === "subscription.ended") return { kind: "subscription-ended", subscription, eventRef };
  if (type === "subscription.payment_failed") return { kind: "renewal-failed", subscription, eventRef, ...(typeof retryAt === "string" ? { retryAt: new Date(retryAt) } : {}) };
  return { kind: "ignored", reason: `event ${type}` };
}
