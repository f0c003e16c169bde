import type { Request, RequestHandler } from "express";
import { csrfSync } from "csrf-sync";
import { HttpError } from "./errors";

/** The header the widgets send (Django's name too), and the hidden form field. */
export const csrfHeaderName = "X-CSRFToken";
export const csrfFieldName = "_csrf";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);
const failureMessage = "This form has expired or came from another site. Reload the page and try again.";

/**
 * The synchroniser-token pattern (csrf-sync): one token per session, sent
 * back on every write as the X-CSRFToken header or the _csrf field. Writes
 * that a browser marks as cross-site, or whose Origin is not the site's own,
 * are refused before the token is even looked at.
 */
export function csrfProtection(publicOrigin: string): { verifyWrites: RequestHandler; tokenFor: (req: Request) => string } {
  const { isRequestValid, generateToken } = csrfSync({
    size: 32,
    getTokenFromRequest: tokenSentWith,
    getTokenFromState: (req) => req.session?.csrfToken,
  });

  const verifyWrites: RequestHandler = (req, _res, next) => {
    if (safeMethods.has(req.method)) return next();
    if (isCrossSiteRequest(req, publicOrigin) || !isRequestValid(req)) {
      return next(new HttpError(403, failureMessage, { csrf: [failureMessage] }, "This form has expired"));
    }
    next();
  };

  return { verifyWrites, tokenFor: (req) => generateToken(req) };
}

function tokenSentWith(req: Request): string | undefined {
  const header = req.get(csrfHeaderName);
  if (header) return header;
  const field: unknown = (req.body as Record<string, unknown> | undefined)?.[csrfFieldName];
  return typeof field === "string" ? field : undefined;
}

function isCrossSiteRequest(req: Request, publicOrigin: string): boolean {
  if (req.get("sec-fetch-site") === "cross-site") return true;
  const origin = req.get("origin");
  return origin !== undefined && origin !== publicOrigin;
}
