import type { Request, RequestHandler } from "express";
import { SIGNED_OUT_MESSAGE, type CurrentUser } from "../accounts";
import { safeNextPath } from "../../contracts/rules/same-site-path";
import { DEFAULT_NEXT_PATH } from "../../contracts/rules/sign-in-destination";
import { HttpError, isApiRequest, nonFieldErrorsKey } from "./errors";
import { isSiteOrigin, type OriginRule } from "./site-origin";

export { SIGNED_OUT_MESSAGE };

/**
 * For pages and calls that need a signed-in user (run after loadCurrentUser).
 * A page sends the visitor to sign in and then back (`next` is this page's
 * path and query); a call answers 401 with the JSON error shape. A plain form
 * post goes to sign in too, but comes back to the page the form was on: its
 * own address takes only posts, so a browser sent back there would get a 404.
 */
export function requireUser(rule: OriginRule): RequestHandler {
  return (req, res, next) => {
    if (req.currentUser) return next();
    if (isApiRequest(req)) {
      res.status(401).json({ success: false, errors: { [nonFieldErrorsKey]: [SIGNED_OUT_MESSAGE] } });
      return;
    }
    const isPageRequest = req.method === "GET" || req.method === "HEAD";
    const comeBackTo = isPageRequest ? req.originalUrl : (formPageOf(req, rule) ?? DEFAULT_NEXT_PATH);
    res.redirect(isPageRequest ? 302 : 303, `/account/login/?next=${encodeURIComponent(comeBackTo)}`);
  };
}

/** The signed-in person, in a route behind requireUser (401 when the account went away mid-request). */
export function signedInUser(req: Request): CurrentUser {
  if (!req.currentUser) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  return req.currentUser;
}

/**
 * The page a form was posted from: the Referer's path and query when it is
 * this site (so never another site's path), and not the post's own address
 * (a form re-rendered there after a refusal).
 */
function formPageOf(req: Request, rule: OriginRule): string | undefined {
  const referer = req.get("referer");
  if (referer === undefined || !URL.canParse(referer)) return undefined;
  const page = new URL(referer);
  if (!isSiteOrigin(req, rule, page.origin) || page.pathname === req.baseUrl + req.path) return undefined;
  return safeNextPath(`${page.pathname}${page.search}`, DEFAULT_NEXT_PATH);
}
