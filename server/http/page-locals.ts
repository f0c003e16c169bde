import type { Request, RequestHandler } from "express";
import type { SiteSettings } from "../pages";
import { isIndexablePath } from "../seo";
import { isApiRequest } from "./errors";
import { existingSession } from "./session/session-middleware";

/**
 * The session's CSRF token, issued only when a template prints it. Express
 * copies res.locals into the render options (invoking any getter there), so
 * a plain getter would issue a token, and so write a session, for every page
 * view. This object stands in for the string until Nunjucks prints it
 * (toString) or it is serialised (toJSON); `{% if csrfToken %}` stays true.
 */
export class LazyCsrfToken {
  #token: string | undefined;
  constructor(private readonly issue: () => string) {}
  toString(): string {
    this.#token ??= this.issue();
    return this.#token;
  }
  toJSON(): string {
    return this.toString();
  }
}

/**
 * The template context every page shares (docs/architecture.md, "Template
 * context"); cspNonce comes from the security headers. API requests skip it.
 */
export function pageLocals(options: { siteSettings: () => Promise<SiteSettings>; csrfTokenFor: (req: Request) => string }): RequestHandler {
  return async (req, res, next) => {
    if (isApiRequest(req)) return next();
    // loadCurrentUser (server/http/session-user.ts) has set it for signed-in requests.
    res.locals.currentUser ??= null;
    res.locals.currentPath = req.originalUrl;
    // The layout's <link rel="canonical"> (the address without its query) or noindex (docs/seo.md); a page may name another.
    res.locals.canonicalPath = req.path;
    res.locals.indexable = isIndexablePath(req.path);
    res.locals.currentYear = new Date().getFullYear();
    // Issued only when printed: a page without a form (and a redirect or a JSON answer) then creates no session.
    res.locals.csrfToken = new LazyCsrfToken(() => options.csrfTokenFor(req));
    // Whether this visitor's session already holds a token: base.njk then puts it in <meta name="csrf-token"> at no cost.
    Object.defineProperty(res.locals, "csrfTokenIssued", { enumerable: true, get: () => typeof existingSession(req)?.csrfToken === "string" });
    res.locals.site = await options.siteSettings();
    next();
  };
}
