import type { Request } from "express";

/**
 * The My account forms, where each lives, and the success notice it shows
 * (accounts spec, section 8, "Alerts"). A plain form post that succeeds
 * redirects to its tab, and the notice travels in the session for that one
 * page view (a "flash"), so a reload does not repeat it.
 */
export const ACCOUNT_FORMS = {
  profile: { tab: "profile", notice: "Profile updated successfully!" },
  email: { tab: "profile", notice: "Email updated successfully!" },
  password: { tab: "profile", notice: "Password changed successfully!" },
  contact: { tab: "contact", notice: "Your message has been sent successfully!" },
} as const;

export type AccountForm = keyof typeof ACCOUNT_FORMS;

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
