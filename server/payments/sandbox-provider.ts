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
} as const;

export type SandboxResult = "approved" | "declined" | "cancelled";

const sandboxEvents: Record<string, SandboxResult> = {
  "payment.approved": "approved",
  "payment.declined": "declined",
  "payment.cancelled": "cancelled",
};

export interface SandboxProvider extends PaymentProvider {
  /** The result a card number gives on the hosted page; undefined for a number that is not a test card. */
  resultForCard(cardNumber: string): SandboxResult | undefined;
  /** The signed notification the sandbox sends for a payment's result. */
  notification(reference: string, result: SandboxResult): { rawBody: Buffer; headers: Record<string, string> };
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
      const { type, reference, refundedTotalPence } = (event ?? {}) as { type?: unknown; reference?: unknown; refundedTotalPence?: unknown };
      if (typeof reference !== "string" || typeof type !== "string") return { kind: "refused", reason: "no type or reference" };
      if (type === "payment.refunded") {
        return Number.isSafeInteger(refundedTotalPence) && (refundedTotalPence as number) > 0
          ? { kind: "refunded", reference, refundedTotalPence: refundedTotalPence as number }
          : { kind: "refused", reason: "a refund without its refunded total" };
      }
      const result = sandboxEvents[type];
      return result ? { kind: result, reference } : { kind: "ignored", reason: `event ${type}` };
    },

    async refund() {
      // No money moved, so none goes back: the refund is its reference.
      return { refundReference: `sbx_re_${randomBytes(12).toString("hex")}` };
    },

    resultForCard(cardNumber) {
      const digits = cardNumber.replace(/[\s-]/g, "");
      if (digits === SANDBOX_CARDS.approved) return "approved";
      if (digits === SANDBOX_CARDS.declined) return "declined";
      return undefined;
    },

    notification(reference, result) {
      return signed({ type: `payment.${result}`, reference, created: new Date().toISOString() });
    },

    refundNotification(reference, refundedTotalPence) {
      return signed({ type: "payment.refunded", reference, refundedTotalPence, created: new Date().toISOString() });
    },
  };
}
