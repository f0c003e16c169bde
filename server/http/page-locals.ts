import type { Request, RequestHandler } from "express";
import type { Kysely } from "kysely";
import { loadSiteSettings } from "../content/site-settings";
import type { Database } from "../db/schema";
import { isApiRequest } from "./errors";

/**
 * The template context every page shares (docs/architecture.md, "Template
 * context"); cspNonce comes from the security headers. API requests skip it.
 */
export function pageLocals(options: { db: Kysely<Database>; csrfTokenFor: (req: Request) => string }): RequestHandler {
  return async (req, res, next) => {
    if (isApiRequest(req)) return next();
    // loadCurrentUser (server/accounts/session-user.ts) has set it for signed-in requests.
    res.locals.currentUser ??= null;
    res.locals.currentPath = req.originalUrl;
    res.locals.currentYear = new Date().getFullYear();
    // Read only when a template renders it: a request that renders nothing
    // (a redirect, a JSON answer) then creates no session.
    Object.defineProperty(res.locals, "csrfToken", { enumerable: true, get: () => options.csrfTokenFor(req) });
    res.locals.site = await loadSiteSettings(options.db);
    next();
  };
}
