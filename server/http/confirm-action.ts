import type { Request, Response } from "express";

/*
 * The no-JavaScript confirmation of a destructive plain form post (deleting a
 * note, revoking a share link): the form's first post renders
 * templates/pages/confirm-action.njk, whose own form posts again with
 * confirm=yes. The widgets confirm in the page and call the JSON paths,
 * which need no such field.
 */

export interface ConfirmActionPage {
  title: string;
  message: string;
  confirmLabel: string;
  /** Where Cancel goes: the page the form was on. */
  cancelHref: string;
  /** The form's same-site next, carried through. */
  next: string;
}

/** The form said yes on the confirmation page. */
export function confirmed(fields: Record<string, unknown>): boolean {
  return fields.confirm === "yes";
}

export function renderConfirmation(req: Request, res: Response, page: ConfirmActionPage): void {
  res.set("Cache-Control", "no-store");
  res.render("pages/confirm-action.njk", { ...page, action: req.originalUrl.split("?")[0], csrfToken: String(res.locals.csrfToken ?? "") });
}
