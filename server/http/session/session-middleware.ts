import session from "express-session";
import type { Request, RequestHandler, Response } from "express";
import type { Config } from "../../config";
import { HttpError } from "../errors";
import { rememberStoredExpiry, rollAtMostOncePerMinute } from "./rolling-expiry";
import type { SessionCookieOptions } from "./session-cookie";

declare module "express-session" {
  interface SessionData {
    /** Epoch milliseconds when the session was created; drives the absolute lifetime. */
    createdAt: number;
  }
}

/** express-session adds `generate` to the store it is given. */
type GeneratingStore = session.Store & { generate?: (req: Request) => void };

/**
 * The session cookie's name. Over https it carries the `__Host-` prefix
 * (ASVS 3.3.1): browsers then accept it only when it is Secure, for Path=/
 * and without a Domain, so no other host (a subdomain) can set or shadow it.
 * Browsers refuse prefixed cookies that are not Secure, so plain http keeps
 * the bare name.
 */
export function sessionCookieName(config: Pick<Config, "secureCookies">): string {
  return config.secureCookies ? "__Host-sid" : "sid";
}

/** The members' session cookie: its name, signing secret, idle timeout and whether it is Secure. */
export function sessionCookieOptions(config: Pick<Config, "secureCookies" | "sessionSecret" | "sessionIdleMinutes">): SessionCookieOptions {
  return { name: sessionCookieName(config), secret: config.sessionSecret, maxAgeMs: config.sessionIdleMinutes * 60 * 1000, secure: config.secureCookies };
}

/** A session older than this is replaced by a fresh, empty one, however active. */
export function sessionAbsoluteLifetimeMs(config: Pick<Config, "sessionAbsoluteHours">): number {
  return config.sessionAbsoluteHours * 60 * 60 * 1000;
}

/**
 * Sessions in the given store, with a rolling idle timeout (the cookie's
 * max-age, renewed on every response; the store's expiry, written at most
 * once a minute: rolling-expiry.ts) and an absolute lifetime after which
 * the session is replaced by a fresh, empty one.
 *
 * A request without the session cookie (a visitor's page view, an API call)
 * gets no session object until something reads `req.session`: a form that
 * prints its CSRF token, a sign-in. Most such requests never do, and so skip
 * express-session's per-request work (a new id, hooks on the response). The
 * store is never read for them either way: there is no id to read.
 */
export function sessionMiddleware(config: Config, store: session.Store): RequestHandler[] {
  const cookie = sessionCookieOptions(config);
  const handler = session({
    name: cookie.name,
    secret: cookie.secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    // session-cookie.ts writes the same cookie for the member lane: HttpOnly, SameSite=Lax, Path=/.
    cookie: { httpOnly: true, sameSite: "lax", secure: cookie.secure, maxAge: cookie.maxAgeMs, path: "/" },
  });
  stampCreationTime(store);
  rollAtMostOncePerMinute(store);
  const sendsCookie = cookieTest(sessionCookieName(config));
  // Mirrors express-session's own flag: while the store is away, every request takes the eager path (and a 503).
  let storeReady = true;
  store.on("disconnect", () => (storeReady = false));
  store.on("connect", () => (storeReady = true));
  const sessionOrDeferred: RequestHandler = (req, res, next) => {
    if (!storeReady || sendsCookie(req.headers.cookie)) return handler(req, res, next);
    deferSession(req, res, handler);
    next();
  };
  const whenStarted =
    (middleware: RequestHandler): RequestHandler =>
    (req, res, next) =>
      deferred.has(req) ? next() : middleware(req, res, next);
  return [
    sessionOrDeferred,
    whenStarted(requireSession),
    whenStarted(rememberStoredExpiry),
    whenStarted(enforceAbsoluteLifetime(sessionAbsoluteLifetimeMs(config))),
  ];
}

/** Requests whose session has not been started yet (no cookie, nothing has read req.session). */
const deferred = new WeakSet<Request>();

/**
 * The request's session if it already has one (it sent the cookie, or this
 * request started one); never starts one. For code that only looks (is
 * someone signed in, is there a notice): a visitor without a cookie has none.
 */
export function existingSession(req: Request): Request["session"] | undefined {
  return deferred.has(req) ? undefined : req.session;
}

/** Whether a Cookie header carries the cookie `name` (another whose name merely starts the same does not count). */
export function cookieTest(name: string): (header: string | undefined) => boolean {
  const pattern = new RegExp(`(?:^|;)\\s*${name.replace(/[^A-Za-z0-9_]/g, "\\$&")}=`);
  return (header) => header !== undefined && pattern.test(header);
}

/**
 * `req.session` as a getter that starts the session on first use. With no
 * session id, express-session's handler creates the session and calls back
 * synchronously, so the getter can return it.
 */
function deferSession(req: Request, res: Response, handler: RequestHandler): void {
  deferred.add(req);
  const settle = (value: Request["session"] | undefined) => {
    deferred.delete(req);
    Object.defineProperty(req, "session", { value, writable: true, configurable: true, enumerable: true });
  };
  Object.defineProperty(req, "session", {
    configurable: true,
    enumerable: true,
    get() {
      settle(undefined);
      let failure: unknown;
      void handler(req, res, (error?: unknown) => (failure = error));
      if (failure !== undefined || req.session === undefined) {
        throw failure ?? new HttpError(503, "Sign-in and forms are unavailable for a moment. Wait a minute, then reload the page.");
      }
      return req.session;
    },
    // signIn/signOut regenerate before anything reads; express-session then assigns.
    set: settle,
  });
}

/**
 * Records `createdAt` on every new session as part of its initial state.
 * Setting it in a middleware instead would mark each fresh session as
 * modified, and `saveUninitialized: false` would then save them all.
 */
function stampCreationTime(store: GeneratingStore): void {
  const generate = store.generate;
  if (!generate) throw new Error("sessionMiddleware: express-session did not set up the store");
  store.generate = (req) => {
    generate.call(store, req);
    req.session.createdAt = Date.now();
  };
}

/** express-session skips requests while its store is disconnected (Redis restarting); say so instead of failing later. */
const requireSession: RequestHandler = (req, _res, next) => {
  if (req.session) return next();
  next(new HttpError(503, "Sign-in and forms are unavailable for a moment. Wait a minute, then reload the page."));
};

function enforceAbsoluteLifetime(lifetimeMs: number): RequestHandler {
  return (req, _res, next) => {
    const { createdAt } = req.session;
    if (createdAt === undefined) {
      req.session.createdAt = Date.now();
      return next();
    }
    if (Date.now() - createdAt < lifetimeMs) return next();
    // A new id and empty data: the old row is deleted, the user signs in again.
    req.session.regenerate((error) => next(error));
  };
}
