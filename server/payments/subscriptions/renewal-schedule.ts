import type { SubscriptionPeriod } from "../tables";

/*
 * The calendar of a renewing plan (issue 29; docs/payments.md "Plans that
 * renew"). Pure rules, so Stripe's events and the sandbox's charges agree.
 */

/** The sandbox tries a failed renewal again after this many days... */
export const SANDBOX_RETRY_AFTER_DAYS = 3;
/** ...and ends the subscription after this many failed attempts in a row. */
export const SANDBOX_MAX_ATTEMPTS = 3;

/** The end of one more period after `from`: a month (clamped to the month's last day) or a year. */
export function addPeriod(from: Date, period: SubscriptionPeriod): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  if (period === "month") next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** When the sandbox next tries a renewal that has failed `failedAttempts` times, or null when it gives up. */
export function nextSandboxAttempt(failedAt: Date, failedAttempts: number): Date | null {
  if (failedAttempts >= SANDBOX_MAX_ATTEMPTS) return null;
  return new Date(failedAt.getTime() + SANDBOX_RETRY_AFTER_DAYS * 24 * 60 * 60 * 1000);
}
