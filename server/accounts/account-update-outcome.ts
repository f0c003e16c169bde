import type { FieldErrors } from "../shared/errors";
import { limitReached, refuse, type Outcome } from "../shared/refusal";

/**
 * What each My account write (profile, email, password, contact) returns to
 * its route: the result, or a refusal with per-field messages ("invalid", or
 * "too-many-attempts" with the seconds to wait).
 */
export type AccountUpdateOutcome<Value> = Outcome<Value>;

const CHECK_THE_FIELDS_MESSAGE = "Some details need correcting. Check the highlighted fields and try again.";

export function refused(errors: FieldErrors): AccountUpdateOutcome<never> {
  return refuse("invalid", CHECK_THE_FIELDS_MESSAGE, { errors });
}

export function tooManyAttempts(errors: FieldErrors, retryAfterSeconds: number): AccountUpdateOutcome<never> {
  return limitReached(Object.values(errors).flat()[0] ?? CHECK_THE_FIELDS_MESSAGE, retryAfterSeconds, { errors });
}
