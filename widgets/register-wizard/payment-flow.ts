import { isIndividualLevel } from "../../contracts/rules/plans";
import type { BasketItem } from "./plan-choice";
import type { RegisterWizardStrings } from "./strings";

/**
 * Paying for a plan and coming back (accounts spec, section 4, "Subscription
 * and payment"; section 8's messages). Pure: the calls and the wait between
 * polls are injected, so every branch is tested without a network or a
 * clock. The return's paymentStatus is only a hint: the order answer is
 * what counts, and the server has already fulfilled it when it answers.
 */

export interface PaymentLink {
  method: string;
  href: string;
}

/** GET /account/cart/orders/ `details`: only the fields the wizard reads. */
export interface OrderDetails {
  Products: {
    ProductClass?: { Description?: string };
    Membership?: { Id: number; MembershipLevel: { Id: number }; Recipient: { Id: number; DisplayName: string; SortName?: string } };
  }[];
  Constituent: { Id: number; DisplayName?: string; SortName?: string };
  Status?: string;
}

/** The payment calls (section 7). Each throws on failure; an error's `status` is read where it matters (409: not paid yet). */
export interface PaymentCalls {
  addToBasket(item: BasketItem): Promise<{ success?: boolean; payment?: { links?: PaymentLink[] } }>;
  order(sessionId: string): Promise<OrderDetails>;
  /** Waits between polls of an unconfirmed order. */
  wait(ms: number): Promise<void>;
}

export type PaymentMessages = Pick<RegisterWizardStrings, "basketFailed" | "subscriptionError" | "paymentProcessingFailed" | "usersTooMany">;

export type BasketOutcome =
  /** Send the browser here (the provider's checkout). */
  | { kind: "redirect"; href: string }
  /** Stay and show this; `field` when it is about the number of users. */
  | { kind: "error"; message: string; field?: "NumberOfUsers" };

const statusOf = (error: unknown): number | undefined =>
  typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : undefined;

/** A same-site path or an https address: never a javascript: or data: URL from a tampered answer. */
export function isSafeRedirect(href: string): boolean {
  return /^\/(?![/\\])/.test(href) || /^https:\/\/[^/\\]/i.test(href);
}

/** POST /account/add-to-basket/, then the link whose method is REDIRECT. */
export async function addToBasket(item: BasketItem, calls: PaymentCalls, messages: PaymentMessages): Promise<BasketOutcome> {
  let answer: Awaited<ReturnType<PaymentCalls["addToBasket"]>>;
  try {
    answer = await calls.addToBasket(item);
  } catch (error) {
    const status = statusOf(error);
    if (status === undefined) return { kind: "error", message: messages.subscriptionError };
    if (status === 400 && fieldError(error, "NumberOfUsers")) return { kind: "error", message: messages.usersTooMany, field: "NumberOfUsers" };
    // A refusal (not allowed to buy for this school, or too small a plan) says what to do instead: show it.
    if (status === 403 || status === 409) return { kind: "error", message: refusalMessage(error) ?? messages.basketFailed };
    return { kind: "error", message: messages.basketFailed };
  }
  const link = answer?.success ? answer.payment?.links?.find((candidate) => candidate?.method === "REDIRECT") : undefined;
  if (!link || typeof link.href !== "string" || !isSafeRedirect(link.href)) return { kind: "error", message: messages.basketFailed };
  return { kind: "redirect", href: link.href };
}

/** The answer's `errors` object (the HTTP contract's error body), when there is one. */
function errorsIn(error: unknown): Record<string, unknown> | undefined {
  const body = (error as { body?: unknown }).body;
  return typeof body === "object" && body !== null ? (body as { errors?: Record<string, unknown> }).errors : undefined;
}

function refusalMessage(error: unknown): string | undefined {
  const all = errorsIn(error)?.__all__;
  return Array.isArray(all) && typeof all[0] === "string" && all[0] !== "" ? all[0] : undefined;
}

function fieldError(error: unknown, field: string): boolean {
  const errors = errorsIn(error);
  return Array.isArray(errors?.[field]) && errors[field].length > 0;
}

/** What the return's paymentStatus asks for, before any call. */
export type ReturnStart =
  /** Not a return from the payment page. */
  | { kind: "none" }
  /** approved: fetch the order (PAYMENT_PROCESS). */
  | { kind: "process" }
  /** declined or cancelled: only their message. */
  | { kind: "message"; status: "declined" | "cancelled" }
  /** Anything else: failed. */
  | { kind: "failed" };

export function returnStart(paymentStatus: string | null): ReturnStart {
  if (paymentStatus === null) return { kind: "none" };
  if (paymentStatus === "approved") return { kind: "process" };
  if (paymentStatus === "declined" || paymentStatus === "cancelled") return { kind: "message", status: paymentStatus };
  return { kind: "failed" };
}

export type OrderOutcome =
  /** The individual plan, for the signed-in user: done. */
  | { kind: "individual" }
  /** A school's membership: the recipient is the school, and the payer is now its admin (the server did that on fulfilment). */
  | { kind: "school"; school: { constituentId: number; name: string } }
  | { kind: "failed"; message: string };

export interface OrderInput {
  sessionId: string | null;
  constituentId: number;
  individualLevelId: number | null;
  individualMonthlyLevelId: number | null;
}

/** Waits before each further poll of an order the provider has not confirmed yet: then it fails. */
export const pollDelays: readonly number[] = [500, 1000, 2000, 4000];

/** GET /account/cart/orders/?sessionId=, polled while it answers 409 (paid, not yet confirmed), then read. */
export async function confirmOrder(input: OrderInput, calls: PaymentCalls, messages: PaymentMessages, delays: readonly number[] = pollDelays): Promise<OrderOutcome> {
  const failed: OrderOutcome = { kind: "failed", message: messages.paymentProcessingFailed };
  if (!input.sessionId) return failed;
  let details: OrderDetails | undefined;
  for (let attempt = 0; details === undefined; attempt += 1) {
    try {
      details = await calls.order(input.sessionId);
    } catch (error) {
      if (statusOf(error) !== 409 || attempt >= delays.length) return failed;
      await calls.wait(delays[attempt]!);
    }
  }
  const products = Array.isArray(details?.Products) ? details.Products : [];
  const membership = (products.find((product) => product?.ProductClass?.Description === "Membership") ?? products[0])?.Membership;
  if (!membership || typeof membership.Recipient?.Id !== "number" || typeof membership.MembershipLevel?.Id !== "number") return failed;
  const individualLevels = { individual: input.individualLevelId, individualMonthly: input.individualMonthlyLevelId };
  if (isIndividualLevel(individualLevels, membership.MembershipLevel.Id) && membership.Recipient.Id === input.constituentId) return { kind: "individual" };
  return { kind: "school", school: { constituentId: membership.Recipient.Id, name: membership.Recipient.DisplayName ?? "" } };
}
