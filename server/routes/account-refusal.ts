import type { Request, Response } from "express";
import { isApiRequest } from "../http/errors";
import { httpErrorOf } from "../http/refusals";
import type { Refusal } from "../shared/refusal";

/**
 * How every account form answers a refused write (My account's forms, the
 * delete page): Retry-After on a 429, the status, then `{success: false,
 * errors}` to a widget, or for a plain form post the form's page again with
 * the errors, drawn by `showFormAgain` (which keeps what was typed, never a
 * password). A refusal that names no field (the account gone mid-request)
 * is not the form's: the error handler answers it.
 */
export async function answerRefusal(req: Request, res: Response, refusal: Refusal, showFormAgain: () => Promise<void>): Promise<void> {
  const error = httpErrorOf(refusal);
  if (!refusal.errors) throw error;
  if (refusal.reason === "too-many-attempts") res.set("Retry-After", String(refusal.retryAfterSeconds));
  res.status(error.status);
  if (isApiRequest(req)) {
    res.json({ success: false, errors: error.errors });
    return;
  }
  await showFormAgain();
}
