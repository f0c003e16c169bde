import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { NotificationResult } from "../notification-result";
import { SANDBOX_CUSTOMERS, type SandboxProvider, type SandboxSubscriptionEvent } from "../sandbox-provider";
import { SANDBOX_MAX_ATTEMPTS, nextSandboxAttempt } from "./renewal-schedule";

/*
 * The sandbox's side of plans that renew (docs/payments.md, "Plans that
 * renew"): what Stripe does by itself, the scheduler's "sandbox renewals"
 * job does here. Each round, every sandbox subscription whose paid period
 * has ended (and whose retry, after a failure, is due) is charged:
 * - renewal turned off: it ends, and the membership lapses at its end;
 * - the card 4000 0000 0000 0341: the payment fails, and is tried again 3
 *   days later; after 3 failures it ends;
 * - otherwise the next period is paid.
 * Each outcome is the sandbox's signed notification, verified and applied
 * by the payments service exactly as Stripe's are. Its event id is made
 * from the subscription, the period and the attempt, so two processes
 * running the round at once apply it once.
 */

export function sandboxRenewals(deps: {
  db: Kysely<Database>;
  sandbox: SandboxProvider;
  handleNotification: (provider: string, rawBody: Buffer, headers: Record<string, string>) => Promise<NotificationResult>;
}) {
  function eventFor(subscription: Awaited<ReturnType<typeof due>>[number], now: Date): SandboxSubscriptionEvent {
    const { id, provider_subscription_ref: ref, current_period_end: periodEnd } = subscription;
    if (subscription.renews !== 1) return { type: "subscription.ended", subscription: ref, eventRef: `sbx_lapsed_${id}_${periodEnd}` };
    if (subscription.provider_customer_ref !== SANDBOX_CUSTOMERS.failing) return { type: "subscription.renewal_paid", subscription: ref, eventRef: `sbx_renewal_${id}_${periodEnd}` };
    if (subscription.failed_attempts >= SANDBOX_MAX_ATTEMPTS) return { type: "subscription.ended", subscription: ref, eventRef: `sbx_gave_up_${id}_${periodEnd}` };
    const attempt = subscription.failed_attempts + 1;
    // After the last attempt, the next round ends it.
    const retryAt = nextSandboxAttempt(now, attempt) ?? now;
    return { type: "subscription.payment_failed", subscription: ref, eventRef: `sbx_failed_${id}_${periodEnd}_${attempt}`, retryAt: retryAt.toISOString() };
  }

  const due = (now: Date) =>
    deps.db
      .selectFrom("payment_subscriptions")
      .selectAll()
      .where("provider", "=", deps.sandbox.name)
      .where("status", "!=", "ended")
      .where("current_period_end", "<=", now.toISOString())
      .where((eb) => eb.or([eb("next_attempt_at", "is", null), eb("next_attempt_at", "<=", now.toISOString())]))
      .orderBy("id")
      .execute();

  return {
    /** One round of the scheduler's "sandbox renewals" job. */
    async renewDue(now: Date): Promise<{ done: number }> {
      let done = 0;
      for (const subscription of await due(now)) {
        const { rawBody, headers } = deps.sandbox.subscriptionNotification(eventFor(subscription, now));
        if ((await deps.handleNotification(deps.sandbox.name, rawBody, headers)).kind === "accepted") done += 1;
      }
      return { done };
    },
  };
}
