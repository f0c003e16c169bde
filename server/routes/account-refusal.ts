import type { Request, Response } from "express";
import type { AccountUpdateOutcome } from "../accounts/account-update-outcome";
import { isApiRequest } from "../http/errors";

/** An account write's refusal: 400 with per-field messages, or 429 with the seconds to wait. */
export type AccountRefusal = Extract<AccountUpdateOutcome<unknown>, { ok: false }>;

/**
 * How every account form answers a refused write (My account's forms, the
 * delete page): Retry-After on a 429, the status, then `{success: false,
 * errors}` to a widget, or for a plain form post the form's page again with
 * the errors, drawn by `showFormAgain` (which keeps what was typed, never a password).
 */
export async function answerRefusal(req: Request, res: Response, refusal: AccountRefusal, showFormAgain: () => Promise<void>): Promise<void> {
  if (refusal.status === 429) res.set("Retry-After", String(refusal.retryAfterSeconds));
  res.status(refusal.status);
  if (isApiRequest(req)) {
    res.json({ success: false, errors: refusal.errors });
    return;
  }
  await showFormAgain();
}
