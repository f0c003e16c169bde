import type { RequestHandler } from "express";
import type session from "express-session";
import type { SessionData } from "express-session";

/*
 * A rolling session's expiry is written at most once a minute (issue 27).
 * express-session touches the store on every response of a session it did
 * not otherwise save (a Kysely UPDATE, a Redis EXPIRE): one write per
 * request for every signed-in page view. Here the store reports the expiry
 * it holds when it reads a session (`withStoredExpiry`), the middleware
 * remembers it for the request, and the store's touch goes through only
 * when it would move that expiry on by more than ROLL_RESOLUTION_MS. The
 * stored expiry is then never more than a minute short of the last
 * request + the idle timeout, and never past it: the idle timeout holds to
 * the minute. The cookie still rolls on every response (it costs no write);
 * a cookie that outlives its row by under a minute finds no session.
 */

/** A touch moving the stored expiry by this much or less writes nothing. */
export const ROLL_RESOLUTION_MS = 60_000;

/**
 * `data` as read from a store, its cookie's expiry replaced by the one the
 * store holds: a touch moves only the store's expiry (a row's `expires_at`,
 * a Redis key's TTL), so the saved JSON keeps that of the last full save.
 */
export function withStoredExpiry(data: SessionData, expiresAt: number): SessionData {
  if (data.cookie) (data.cookie as { expires?: unknown }).expires = new Date(expiresAt).toISOString();
  return data;
}

/** The stored expiry of each request's session as it was read, before express-session rolls the cookie. */
const storedExpiries = new WeakMap<object, number>();

/** Runs right after express-session: remembers the loaded session's stored expiry. */
export const rememberStoredExpiry: RequestHandler = (req, _res, next) => {
  const expires = req.session?.cookie.expires;
  if (expires) storedExpiries.set(req.session, expires.getTime());
  next();
};

/** Makes the store's touch write only when it moves the stored expiry on by more than ROLL_RESOLUTION_MS. */
export function rollAtMostOncePerMinute(store: session.Store): void {
  const touch = store.touch?.bind(store);
  if (!touch) return;
  store.touch = (sid, data, callback) => {
    const stored = storedExpiries.get(data);
    const next = data.cookie.expires ? new Date(data.cookie.expires).getTime() : undefined;
    if (stored !== undefined && next !== undefined && next - stored <= ROLL_RESOLUTION_MS) {
      callback?.();
      return;
    }
    touch(sid, data, callback);
  };
}
