import type { IncomingHttpHeaders } from "node:http";
import type { Request } from "express";
import { HttpError } from "../shared/errors";

export { HttpError, nonFieldErrorsKey, TooManyRequestsError, type FieldErrors } from "../shared/errors";

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
