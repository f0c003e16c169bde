/*
 * Field errors and faults that any layer may produce, without HTTP: a
 * service refuses by returning a Refusal (refusal.ts), and throws only for a
 * fault, such as a dependency not answering (ServiceUnavailableError). The
 * HTTP edge (server/http/) answers both; HttpError lives there.
 */

import { NON_FIELD_ERRORS_KEY, type FieldErrors } from "../../contracts/shapes/refusal";

/** `{ field: [messages] }`, the `errors` of every JSON error response (contracts/shapes/refusal.ts). */
export type { FieldErrors };

/** The `errors` key for a message that belongs to no one field (Django's name, which the widgets also accept). */
export const nonFieldErrorsKey = NON_FIELD_ERRORS_KEY;

/** Retry-After on a 503 that names no other value: long enough for a restarted database or a pooled reconnect. */
export const DEFAULT_RETRY_AFTER_SECONDS = 30;

/**
 * A fault, not a refusal: something the site depends on (the database, the
 * CRM, the password hasher's queue) is not answering. The HTTP edge answers
 * it as a 503 with `Retry-After: retryAfterSeconds` and the message.
 */
export class ServiceUnavailableError extends Error {
  override name = "ServiceUnavailableError";

  constructor(
    message: string,
    readonly retryAfterSeconds: number = DEFAULT_RETRY_AFTER_SECONDS,
    /** The error page's heading; the 503 default when absent. */
    readonly title?: string,
    options?: { cause?: unknown },
  ) {
    super(message);
    if (options && "cause" in options) this.cause = options.cause;
  }
}
