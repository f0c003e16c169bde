import type { Request, RequestHandler, Response } from "express";
import { singleUseTokenPattern } from "../accounts";
import type { Config } from "../config";

export interface EmailedLinkOptions {
  cookieName: string;
  /** The token-free page the link leads to; the cookie is scoped to it. */
  pagePath: string;
  cookieMinutes: number;
  /** The token, when this GET request is the emailed link itself (undefined: not this link). */
  linkToken(req: Request): string | undefined;
}

export interface EmailedLinkHandoff {
  middleware(config: Pick<Config, "secureCookies">): RequestHandler;
  /** The token the hand-off stored, if any. */
  tokenFromCookie(req: Request): string | undefined;
  /** Once the token is spent the cookie goes too. */
  clearCookie(res: Response): void;
}

/**
 * An emailed link (password reset, email verification) carries a secret in
 * its URL. The middleware runs before the request logger (mounted first in
 * app.ts), so that one request is never written to the logs: it moves the
 * token into a short-lived HttpOnly cookie scoped to the page and redirects
 * to the token-free address. The token then never appears in a logged URL,
 * in browser history or in a Referer. A malformed token sets no cookie, but
 * the link still lands on the page, which explains an unusable link.
 */
export function emailedLinkHandoff(options: EmailedLinkOptions): EmailedLinkHandoff {
  const { cookieName, pagePath } = options;
  return {
    middleware: (config) => (req, res, next) => {
      const token = req.method === "GET" ? options.linkToken(req) : undefined;
      if (token === undefined) return next();
      if (singleUseTokenPattern.test(token)) {
        res.cookie(cookieName, token, {
          httpOnly: true,
          sameSite: "lax",
          secure: config.secureCookies,
          path: pagePath,
          maxAge: options.cookieMinutes * 60_000,
        });
      }
      res.set({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
      res.redirect(303, pagePath);
    },
    tokenFromCookie(req) {
      for (const pair of (req.get("cookie") ?? "").split(";")) {
        const [name, ...value] = pair.trim().split("=");
        if (name === cookieName) return value.join("=") || undefined;
      }
      return undefined;
    },
    clearCookie(res) {
      res.clearCookie(cookieName, { path: pagePath });
    },
  };
}

/** A link whose token is the last path segment, `<pagePath><token>/` (sign-in and password-reset links). */
export function tokenInPathLinkHandoff(options: Omit<EmailedLinkOptions, "linkToken">): EmailedLinkHandoff {
  const { pagePath } = options;
  return emailedLinkHandoff({
    ...options,
    // Only a well-formed token makes the path the link: any other path under the page is left to the routes.
    linkToken: (req) => {
      const token = req.path.startsWith(pagePath) && req.path.endsWith("/") ? req.path.slice(pagePath.length, -1) : "";
      return singleUseTokenPattern.test(token) ? token : undefined;
    },
  });
}
