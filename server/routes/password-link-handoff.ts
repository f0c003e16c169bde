import type { Request, RequestHandler, Response } from "express";
import { RESET_TOKEN_LIFETIME_MINUTES } from "../accounts/reset-tokens";
import type { Config } from "../config";

const cookieName = "reset_token";
const cookiePath = "/account/reset-password/";
const linkPattern = /^\/account\/reset-password\/([A-Za-z0-9_-]{43})\/$/;

/**
 * The emailed link /account/reset-password/<token>/ is the only URL that
 * carries a secret. This middleware runs before the request logger (mounted
 * first in app.ts), so that one request is never written to the logs: it
 * moves the token into a short-lived HttpOnly cookie scoped to the reset
 * page and redirects to the token-free /account/reset-password/. The token
 * then never appears in a logged URL, in browser history or in a Referer.
 */
export function passwordLinkHandoff(config: Pick<Config, "secureCookies">): RequestHandler {
  return (req, res, next) => {
    const token = req.method === "GET" ? linkPattern.exec(req.path)?.[1] : undefined;
    if (!token) return next();
    res.cookie(cookieName, token, {
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      path: cookiePath,
      maxAge: RESET_TOKEN_LIFETIME_MINUTES * 60_000,
    });
    res.set({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
    res.redirect(303, cookiePath);
  };
}

/** The token the hand-off stored, if any. */
export function resetTokenFromCookie(req: Request): string | undefined {
  for (const pair of (req.get("cookie") ?? "").split(";")) {
    const [name, ...value] = pair.trim().split("=");
    if (name === cookieName) return value.join("=") || undefined;
  }
  return undefined;
}

/** Once the password is set the token is spent; the cookie goes too. */
export function clearResetTokenCookie(res: Response): void {
  res.clearCookie(cookieName, { path: cookiePath });
}
