import { formatPounds } from "../domain/plans";
import type { OrderRow, paymentOrders } from "./payment-orders";
import type { NotificationResult } from "./notification-result";
import { SANDBOX_CARDS, SANDBOX_CUSTOMERS, type SandboxProvider, type SandboxResult } from "./sandbox-provider";
import { recurringPeriodOf } from "./subscriptions/recurring-plans";

/*
 * The sandbox's hosted checkout page (/payments/sandbox/checkout/<sessionId>/),
 * standing in for a provider's own site. Paying or cancelling there sends the
 * sandbox's signed notification through the same verification as the public
 * endpoint (in process: handleNotification), then sends the browser back to
 * the wizard with the result as a hint.
 */

export const SANDBOX_CARD_MESSAGE = "Use a test card: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined.";

export interface SandboxCheckoutPage {
  sessionId: string;
  description: string;
  amount: string;
  /** Set once the payment has a result: the page then only offers the way back. */
  finished?: string;
  returnUrl: string;
  /** The test cards; `renewalsFail` only for a plan that renews. */
  cards: { approved: string; declined: string; renewalsFail?: string };
}

export type SandboxSubmission = { kind: "done"; returnUrl: string } | { kind: "invalid"; page: SandboxCheckoutPage; cardError: string };

export interface SandboxCheckout {
  page(sessionId: string): Promise<SandboxCheckoutPage | undefined>;
  /** Undefined: no such checkout. */
  pay(sessionId: string, cardNumber: unknown): Promise<SandboxSubmission | undefined>;
  cancel(sessionId: string): Promise<SandboxSubmission | undefined>;
}

const spaced = (card: string) => card.replace(/(\d{4})(?=\d)/g, "$1 ");

export function createSandboxCheckout(deps: {
  orders: ReturnType<typeof paymentOrders>;
  sandbox: SandboxProvider;
  describe: (order: OrderRow) => string;
  handleNotification: (provider: string, rawBody: Buffer, headers: Record<string, string>) => Promise<NotificationResult>;
  publicUrl: string;
}): SandboxCheckout {
  const { orders, sandbox } = deps;
  const returnUrl = (status: string, sessionId: string) =>
    `/account/register/?paymentStatus=${status}&sessionId=${encodeURIComponent(sessionId)}`;

  const pageOf = (order: OrderRow): SandboxCheckoutPage => ({
    sessionId: order.session_id,
    description: deps.describe(order),
    amount: formatPounds(order.amount_pence),
    finished: order.status === "pending" ? undefined : order.status,
    returnUrl: returnUrl(order.status === "pending" ? "cancelled" : order.status, order.session_id),
    cards: {
      approved: spaced(SANDBOX_CARDS.approved),
      declined: spaced(SANDBOX_CARDS.declined),
      ...(recurringPeriodOf(order) ? { renewalsFail: spaced(SANDBOX_CARDS.renewalsFail) } : {}),
    },
  });

  const pendingOrder = async (sessionId: string) => {
    const order = await orders.bySession(sessionId);
    return order && order.provider === sandbox.name && order.provider_reference ? order : undefined;
  };

  async function settle(order: OrderRow, result: SandboxResult, card = ""): Promise<SandboxSubmission> {
    // A finished payment is not paid again: the page is only a way back.
    if (order.status !== "pending") return { kind: "done", returnUrl: returnUrl(order.status, order.session_id) };
    // A plan that renews starts a subscription with the card, which the renewals job charges each period (sandbox-renewals.ts).
    const subscription =
      result === "approved" && recurringPeriodOf(order)
        ? {
            reference: `sbx_sub_${order.provider_reference!.replace(/^sbx_/, "")}`,
            customer: card.replace(/[\s-]/g, "") === SANDBOX_CARDS.renewalsFail ? SANDBOX_CUSTOMERS.failing : SANDBOX_CUSTOMERS.charged,
          }
        : undefined;
    const { rawBody, headers } = sandbox.notification(order.provider_reference!, result, subscription);
    const handled = await deps.handleNotification(sandbox.name, rawBody, headers);
    return { kind: "done", returnUrl: returnUrl(handled.kind === "accepted" ? result : "failed", order.session_id) };
  }

  return {
    async page(sessionId) {
      const order = await pendingOrder(sessionId);
      return order && pageOf(order);
    },

    async pay(sessionId, cardNumber) {
      const order = await pendingOrder(sessionId);
      if (!order) return undefined;
      const result = typeof cardNumber === "string" ? sandbox.resultForCard(cardNumber) : undefined;
      if (!result) return { kind: "invalid", page: pageOf(order), cardError: SANDBOX_CARD_MESSAGE };
      return settle(order, result, cardNumber as string);
    },

    async cancel(sessionId) {
      const order = await pendingOrder(sessionId);
      return order && settle(order, "cancelled");
    },
  };
}
