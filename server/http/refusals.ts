import { isRefusal, type Refusal, type RefusalReason } from "../shared/refusal";
import { HttpError, TooManyRequestsError } from "./errors";

/*
 * The one place a service's refusal (server/shared/refusal.ts) becomes HTTP:
 * its status, its Retry-After, and (through HttpError.errors) the
 * `{ success: false, errors }` body, the field errors or the message under
 * `__all__`. Routes throw `httpErrorOf(refusal)` for the error handler to
 * answer (`unlessRefused` does it inline), or, for a form that is shown again
 * (routes/account-refusal.ts), read the status and errors from it.
 */

export const refusalStatus = {
  invalid: 400,
  "signed-out": 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-many-attempts": 429,
  "provider-failed": 502,
  unavailable: 503,
} as const satisfies Record<RefusalReason, number>;

/** The refusal as the error the error handler answers: its status, message and field errors, and Retry-After on a 429. */
export function httpErrorOf(refusal: Refusal): HttpError {
  if (refusal.reason === "too-many-attempts") return new TooManyRequestsError(refusal.message, refusal.retryAfterSeconds, refusal.errors);
  return new HttpError(refusalStatus[refusal.reason], refusal.message, refusal.errors);
}

/** A service's answer, or (when it refused) thrown as its HttpError for the error handler. */
export function unlessRefused<Answer>(answer: Answer | Refusal): Answer {
  if (isRefusal(answer)) throw httpErrorOf(answer);
  return answer;
}

