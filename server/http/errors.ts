import type { Request } from "express";
import { HttpError } from "../shared/errors";

export { HttpError, nonFieldErrorsKey, type FieldErrors } from "../shared/errors";

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
