import type { Request, Response } from "express";
import { isDatabaseUnavailable } from "../db/unavailable";
import { DEFAULT_RETRY_AFTER_SECONDS } from "../shared/errors";
import { nonFieldErrorsKey, type FieldErrors } from "./errors";
import { setFlash } from "./flash";

/*
 * The two ways a write is refused: a widget's JSON call gets
 * `{success: false, errors}` with the status; a plain form post goes back
 * (303) to a page that shows the reason as a notice.
 */

export function failJson(res: Response, status: number, errors: FieldErrors): void {
  res.status(status).json({ success: false, errors });
}

/**
 * A JSON endpoint that answers its own failures (the search suggestions, the
 * school search: mounted before the error handler's page context). The
 * database out of reach is a 503 with Retry-After, as every other outage
 * answer is (docs/faults.md); anything else is a 500.
 */
export function failJsonOnError(res: Response, error: unknown, message: string): void {
  if (!isDatabaseUnavailable(error)) return failJson(res, 500, { [nonFieldErrorsKey]: [message] });
  res.set("Retry-After", String(DEFAULT_RETRY_AFTER_SECONDS));
  failJson(res, 503, { [nonFieldErrorsKey]: [message] });
}

export function redirectWithError(req: Request, res: Response, text: string, location: string): void {
  setFlash(req, { variant: "error", text });
  res.redirect(303, location);
}
