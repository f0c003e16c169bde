import type { FieldErrors } from "../shared/errors";

/**
 * What each My account write (profile, email, password, contact) returns to
 * its route: the result, or per-field messages with the status to answer.
 * 429 comes with the seconds to wait (the Retry-After header).
 */
export type AccountUpdateOutcome<Value> =
  | { ok: true; value: Value }
  | { ok: false; status: 400; errors: FieldErrors }
  | { ok: false; status: 429; errors: FieldErrors; retryAfterSeconds: number };

export function refused(errors: FieldErrors): AccountUpdateOutcome<never> {
  return { ok: false, status: 400, errors };
}

export function tooManyAttempts(errors: FieldErrors, retryAfterSeconds: number): AccountUpdateOutcome<never> {
  return { ok: false, status: 429, errors, retryAfterSeconds };
}
