import type { RequestHandler, Response } from "express";

/** What a response meant for one person says to every cache between them and us. */
export const PERSONAL_CACHE_CONTROL = "private, no-store";

/**
 * Every response for a signed-in person, or one that sets a cookie, is
 * `private, no-store`: a shared cache (a proxy, a CDN) must never keep one
 * person's page, or their session cookie, for the next visitor. Decided as
 * the headers are written, so it covers every route, and whatever a route set
 * before. Mounted before the session middleware: express-session adds its
 * cookie from its own writeHead hook, which then runs before this one.
 */
export const noStoreForPersonalResponses: RequestHandler = (req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadWithCacheControl(this: Response, ...args: Parameters<Response["writeHead"]>) {
    if (req.currentUser || res.getHeader("set-cookie") !== undefined) res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
    return writeHead.apply(this, args);
  } as Response["writeHead"];
  next();
};
