import type { RequestHandler } from "express";
import { SIGNED_OUT_MESSAGE } from "../accounts/messages";
import { isApiRequest, nonFieldErrorsKey } from "./errors";

export { SIGNED_OUT_MESSAGE };

/**
 * For pages and calls that need a signed-in user (run after loadCurrentUser).
 * A page sends the visitor to sign in and then back (`next` is this page's
 * path and query); a call answers 401 with the JSON error shape.
 */
export const requireUser: RequestHandler = (req, res, next) => {
  if (req.currentUser) return next();
  if (isApiRequest(req)) {
    res.status(401).json({ success: false, errors: { [nonFieldErrorsKey]: [SIGNED_OUT_MESSAGE] } });
    return;
  }
  res.redirect(302, `/account/login/?next=${encodeURIComponent(req.originalUrl)}`);
};
