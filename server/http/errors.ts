import type { IncomingHttpHeaders } from "node:http";
import type { Request } from "express";
import { nonFieldErrorsKey, type FieldErrors } from "../shared/errors";

export { nonFieldErrorsKey, type FieldErrors } from "../shared/errors";

/**
 * An answer with an HTTP status that is safe to show: its message is written
 * for the person using the site and says what to do next. Thrown by the edge
 * (routes and middleware) for the error handler to answer; services return
 * a Refusal instead (refusals.ts turns one into this). Anything thrown that
 * is not an HttpError (or a ServiceUnavailableError) is answered as a 500
 * without details.
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

export function notFound(message = "Check the address is typed correctly, or go to the home page to find what you need."): HttpError {
  return new HttpError(404, message);
}

/**
 * Whether a request wants JSON rather than a page: API paths, the widgets'
 * XMLHttpRequest marker, JSON bodies (e.g. POST /account/login/ from a
 * widget) and clients that ask only for JSON.
 */
export function isApiRequest(req: Request): boolean {
  return req.path.startsWith("/api/") || asksForJson(req.headers) || Boolean(req.is("json"));
}

/** isApiRequest's test of the headers alone: the widgets' XMLHttpRequest marker, or a client that asks only for JSON. */
export function asksForJson(headers: IncomingHttpHeaders): boolean {
  if (headers["x-requested-with"] === "XMLHttpRequest") return true;
  const accept = headers.accept ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}
