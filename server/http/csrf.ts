import type { Request, RequestHandler } from "express";
import { csrfSync } from "csrf-sync";
import { HttpError } from "./errors";
import { existingSession } from "./session/session-middleware";
import { isSiteOrigin, type OriginRule } from "./site-origin";

/** The header the widgets send (Django's name too), and the hidden form field. */
export const csrfHeaderName = "X-CSRFToken";
export const csrfFieldName = "_csrf";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);
const expiredMessage = "This form has expired. Reload the page and try again.";
const expiredTitle = "This form has expired";
const crossSiteTitle = "This came from another site";

/**
 * The synchroniser-token pattern (csrf-sync): one token per session, sent
 * back on every write as the X-CSRFToken header or the _csrf field (a
 * multipart file upload, whose body its route reads, in the query string). Writes
 * that a browser marks as cross-site, or whose Origin is not the site's own,
 * are refused before the token is even looked at, with a message that says
 * so (not that the form expired).
 *
 * One write never reaches this check, on purpose: a payment provider's
 * notification (POST /payments/notifications/<provider>/) is mounted before
 * it in app.ts, since a provider has no session or token; its signature over
 * the raw body is verified instead (server/routes/payments.ts). Nothing else
 * may be mounted there.
 */
export function csrfProtection(rule: OriginRule): { verifyWrites: RequestHandler; tokenFor: (req: Request) => string } {
  const { isRequestValid, generateToken } = csrfSync({
    size: 32,
    getTokenFromRequest: tokenSentWith,
    // A write without a session cookie has no token to match, and needs no session started to say so.
    getTokenFromState: (req) => existingSession(req)?.csrfToken,
  });

  const verifyWrites: RequestHandler = (req, _res, next) => {
    if (safeMethods.has(req.method)) return next();
    const crossSite = crossSiteProblem(req, rule);
    if (crossSite) {
      req.log?.warn({ origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") }, crossSite.logLine);
      return next(new HttpError(403, crossSite.message, { csrf: [crossSite.message] }, crossSiteTitle));
    }
    if (!isRequestValid(req)) return next(new HttpError(403, expiredMessage, { csrf: [expiredMessage] }, expiredTitle));
    next();
  };

  return { verifyWrites, tokenFor: (req) => generateToken(req) };
}

function tokenSentWith(req: Request): string | undefined {
  const header = req.get(csrfHeaderName);
  if (header) return header;
  const field: unknown = (req.body as Record<string, unknown> | undefined)?.[csrfFieldName];
  if (typeof field === "string") return field;
  // A file upload's body is read by its route, after this check: its form sends the token in the action's query string instead
  // (?_csrf=…, the csrfAction macro; docs/back-office.md "The register upload"). Only such a form's may.
  if (req.is("multipart/form-data")) {
    const query: unknown = (req.query as Record<string, unknown>)[csrfFieldName];
    return typeof query === "string" ? query : undefined;
  }
  return undefined;
}

interface CrossSiteProblem {
  /** For the person: what happened and what to do. */
  message: string;
  /** For the operator's log. */
  logLine: string;
}

function crossSiteProblem(req: Request, rule: OriginRule): CrossSiteProblem | undefined {
  const origin = req.get("origin");
  const sameOrigin = origin === undefined || isSiteOrigin(req, rule, origin);
  if (req.get("sec-fetch-site") === "cross-site" || !sameOrigin) {
    const from = origin === undefined || origin === "null" ? "another site" : `${origin}, not from this site`;
    return {
      message: `This was sent from ${from}, so it was not accepted. Open ${rule.publicOrigin} and try again from there.`,
      logLine: rule.publicUrlIsSet
        ? `write refused: its Origin ${origin ?? "(none, but Sec-Fetch-Site: cross-site)"} is not PUBLIC_URL's origin ${rule.publicOrigin}. If this is the site's own address, set PUBLIC_URL to it.`
        : `write refused: its Origin ${origin ?? "(none, but Sec-Fetch-Site: cross-site)"} is neither ${rule.publicOrigin} nor the address the request came to`,
    };
  }
  return undefined;
}
