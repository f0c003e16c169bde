/*
 * The calendar of a renewing plan (issue 29; docs/payments.md "Plans that
 * renew"). Pure rules, so Stripe's events and the sandbox's charges agree.
 */

/** The sandbox tries a failed renewal again after this many days... */
export const SANDBOX_RETRY_AFTER_DAYS = 3;
/** ...and ends the subscription after this many failed attempts in a row. */
export const SANDBOX_MAX_ATTEMPTS = 3;

/** When the sandbox next tries a renewal that has failed `failedAttempts` times, or null when it gives up. */
export function nextSandboxAttempt(failedAt: Date, failedAttempts: number): Date | null {
  if (failedAttempts >= SANDBOX_MAX_ATTEMPTS) return null;
  return new Date(failedAt.getTime() + SANDBOX_RETRY_AFTER_DAYS * 24 * 60 * 60 * 1000);
}
