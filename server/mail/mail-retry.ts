/**
 * When the outbox worker tries a message again (docs/mail.md, "Delivery and
 * retries"). Pure: no I/O. After attempt n fails, the next waits
 * firstRetryMs × factor^(n−1), capped at maxDelayMs; after maxAttempts
 * failures the message is given up.
 */
export interface RetryPolicy {
  /** The wait after the first failed attempt. */
  firstRetryMs: number;
  /** Each further wait is this many times the one before. */
  factor: number;
  /** No wait is longer than this. */
  maxDelayMs: number;
  /** Attempts in all, the first included, before the message is marked failed. */
  maxAttempts: number;
}

/** 30 s, 1 min, 2 min, … up to 1 h between tries; 12 attempts span about five hours. */
export const defaultRetryPolicy: RetryPolicy = { firstRetryMs: 30_000, factor: 2, maxDelayMs: 60 * 60_000, maxAttempts: 12 };

/** The wait before the next attempt, after `failedAttempts` (≥ 1) have failed. */
export function retryDelayMs(policy: RetryPolicy, failedAttempts: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  return Math.min(policy.maxDelayMs, policy.firstRetryMs * policy.factor ** exponent);
}

/** When to try next after `failedAttempts` failures, or null: give up. */
export function nextAttemptAt(policy: RetryPolicy, failedAttempts: number, now: Date): Date | null {
  if (failedAttempts >= policy.maxAttempts) return null;
  return new Date(now.getTime() + retryDelayMs(policy, failedAttempts));
}
