/*
 * Errors and field errors that any layer may produce: no Express here, so a
 * feature service can refuse with a message written for the person using the
 * site, and the HTTP edge (server/http/error-handler.ts) answers it.
 */

import { NON_FIELD_ERRORS_KEY, type FieldErrors } from "../../contracts/shapes/refusal";

/** `{ field: [messages] }`, the `errors` of every JSON error response (contracts/shapes/refusal.ts). */
export type { FieldErrors };

/** The `errors` key for a message that belongs to no one field (Django's name, which the widgets also accept). */
export const nonFieldErrorsKey = NON_FIELD_ERRORS_KEY;

/**
 * An error with an HTTP status that is safe to show: its message is written for the
 * person using the site and says what to do next. Anything that is not an
 * HttpError is answered as a 500 without details.
 */
export class HttpError extends Error {
  override name = "HttpError";

  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
    /** The error page's heading; a default for the status when absent. */
    readonly title?: string,
    /** Where the error page sends the person on, when there is a better place than the home page. */
    readonly wayOn?: { href: string; label: string },
  ) {
    super(message);
  }

  /** The JSON `errors` object: the field errors, or the message under `__all__`. */
  get errors(): FieldErrors {
    return this.fieldErrors ?? { [nonFieldErrorsKey]: [this.message] };
  }
}

/** Retry-After on a 503 that names no other value: long enough for a restarted database or a pooled reconnect. */
export const DEFAULT_RETRY_AFTER_SECONDS = 30;

/**
 * A 503: something the site depends on (the database, the CRM) is not
 * answering. The error handler adds `Retry-After: retryAfterSeconds`.
 */
export class ServiceUnavailableError extends HttpError {
  override name = "ServiceUnavailableError";

  constructor(
    message: string,
    readonly retryAfterSeconds: number = DEFAULT_RETRY_AFTER_SECONDS,
    title?: string,
    options?: { cause?: unknown },
  ) {
    super(503, message, undefined, title);
    if (options && "cause" in options) this.cause = options.cause;
  }
}

/**
 * A 429: one person or connection has used up a rate limit. The message says
 * when to try again; the error handler adds `Retry-After: retryAfterSeconds`.
 */
export class TooManyRequestsError extends HttpError {
  override name = "TooManyRequestsError";

  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    fieldErrors?: FieldErrors,
  ) {
    super(429, message, fieldErrors);
  }
}
