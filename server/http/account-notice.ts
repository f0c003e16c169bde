import type { Request } from "express";
import { ACCOUNT_FORMS, type AccountForm } from "../accounts";

/*
 * The My account success notice carried in the session for one page view
 * (a "flash"), so a reload does not repeat it.
 */

declare module "express-session" {
  interface SessionData {
    /** The form whose success notice the next My account page shows. */
    accountNotice: AccountForm;
  }
}

export function setAccountNotice(req: Request, form: AccountForm): void {
  req.session.accountNotice = form;
}

/** The pending notice's form, removed from the session as it is read. */
export function takeAccountNotice(req: Request): AccountForm | undefined {
  const form = req.session.accountNotice;
  if (form === undefined) return undefined;
  delete req.session.accountNotice;
  return Object.hasOwn(ACCOUNT_FORMS, form) ? form : undefined;
}
