import type { Request, RequestHandler, Response } from "express";
import { singleUseTokenPattern } from "../accounts/single-use-tokens";
import type { Config } from "../config";

const cookieName = "verify_email_token";
export const VERIFY_EMAIL_PATH = "/account/verify-email/";

/**
 * The emailed link /account/verify-email/?token=… carries a secret. Like the
 * password link (password-link-handoff.ts), this runs before the request
 * logger: it moves the token into a short-lived HttpOnly cookie scoped to
 * the page and redirects to the token-free address, so the token is never
 * logged, kept in history or sent as a Referer.
 */
export function verifyEmailLinkHandoff(config: Pick<Config, "secureCookies">): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" || req.path !== VERIFY_EMAIL_PATH || typeof req.query.token !== "string") return next();
    const token = req.query.token;
    if (singleUseTokenPattern.test(token)) {
      res.cookie(cookieName, token, { httpOnly: true, sameSite: "lax", secure: config.secureCookies, path: VERIFY_EMAIL_PATH, maxAge: 10 * 60_000 });
    }
    res.set({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
    res.redirect(303, VERIFY_EMAIL_PATH);
  };
}

export function verifyTokenFromCookie(req: Request): string | undefined {
  for (const pair of (req.get("cookie") ?? "").split(";")) {
    const [name, ...value] = pair.trim().split("=");
    if (name === cookieName) return value.join("=") || undefined;
  }
  return undefined;
}

export function clearVerifyTokenCookie(res: Response): void {
  res.clearCookie(cookieName, { path: VERIFY_EMAIL_PATH });
}
