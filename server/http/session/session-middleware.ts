import session from "express-session";
import type { Request, RequestHandler } from "express";
import type { Config } from "../../config";
import { HttpError } from "../errors";

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

/**
 * Sessions in the given store, with a rolling idle timeout (the cookie's
 * max-age, renewed on every response) and an absolute lifetime after which
 * the session is replaced by a fresh, empty one.
 */
export function sessionMiddleware(config: Config, store: session.Store): RequestHandler[] {
  const handler = session({
    name: sessionCookieName(config),
    secret: config.sessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: {
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      maxAge: config.sessionIdleMinutes * 60 * 1000,
      path: "/",
    },
  });
  stampCreationTime(store);
  return [handler, requireSession, enforceAbsoluteLifetime(config.sessionAbsoluteHours * 60 * 60 * 1000)];
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
