import type { Request } from "express";

/** `{ field: [messages] }`, the `errors` of every JSON error response. */
export type FieldErrors = Record<string, string[]>;

/** The `errors` key for a message that belongs to no one field (Django's name, which the widgets also accept). */
export const nonFieldErrorsKey = "__all__";

/**
 * An error with a status that is safe to show: its message is written for the
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
  ) {
    super(message);
  }

  /** The JSON `errors` object: the field errors, or the message under `__all__`. */
  get errors(): FieldErrors {
    return this.fieldErrors ?? { [nonFieldErrorsKey]: [this.message] };
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
  if (req.path.startsWith("/api/")) return true;
  if (req.get("x-requested-with") === "XMLHttpRequest") return true;
  if (req.is("json")) return true;
  const accept = req.get("accept") ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}
