import type { Request, RequestHandler } from "express";
import type { CurrentUser } from "../accounts";
import { existingSession } from "./session/session-middleware";

declare module "express-session" {
  interface SessionData {
    /** The signed-in constituent's id; absent while signed out. */
    userId: number;
    /** The constituent's auth_version when they signed in: a password change elsewhere makes it stale. */
    authVersion: number;
  }
}

declare global {
  // Express's own extension points are namespaces; there is no other way to add to them.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by loadCurrentUser: the signed-in person, or undefined. */
      currentUser?: CurrentUser;
    }
    interface Locals {
      /** For templates: the signed-in person, or null (docs/architecture.md, "Template context"). */
      currentUser?: CurrentUser | null;
    }
  }
}

/**
 * Who is signed in, kept in the session as `userId` + `authVersion`.
 * Signing in and out always changes the session id (no session fixation),
 * and a password change (which bumps account_credentials.auth_version) ends every
 * other session the next time it is used.
 */

/** Starts a signed-in session for the constituent: a new session id, then the user stored in it. */
export async function signIn(req: Request, constituent: { id: number; auth_version: number }): Promise<void> {
  forgetSessionPerson.get(req)?.();
  await regenerate(req);
  req.session.userId = constituent.id;
  req.session.authVersion = constituent.auth_version;
  await save(req);
}

/**
 * Ends the signed-in session: its stored data is deleted and the request
 * carries on with a fresh, empty session under a new id (which is only
 * stored if something is put in it, e.g. a page's CSRF token).
 */
export async function signOut(req: Request): Promise<void> {
  forgetSessionPerson.get(req)?.();
  req.currentUser = undefined;
  await regenerate(req);
}

/** For each request through loadCurrentUser: drops what accounts keeps about its session's person (signIn, signOut). */
const forgetSessionPerson = new WeakMap<Request, () => void>();

/** What loadCurrentUser asks accounts (AccountsService's sessionPerson and forgetSessionPerson). */
export interface SessionPersonSource {
  sessionPerson(sessionId: string, constituentId: number, authVersion: number | undefined): Promise<CurrentUser | undefined>;
  forgetSessionPerson(sessionId: string): void;
}

/**
 * Reads the session's person (through accounts, once per request: routes
 * take what they need from req.currentUser) and signs the session out when
 * that person no longer exists or changed their password since. Sets
 * `req.currentUser` and `res.locals.currentUser`.
 */
export function loadCurrentUser(source: SessionPersonSource): RequestHandler {
  return async (req, res, next) => {
    res.locals.currentUser = null;
    // Only looks: a visitor without a session cookie is not signed in, and gets no session for asking.
    const session = existingSession(req);
    if (session?.userId === undefined) return next();
    const { userId, authVersion } = session;
    const sessionId = req.sessionID;
    forgetSessionPerson.set(req, () => source.forgetSessionPerson(sessionId));
    const user = await source.sessionPerson(sessionId, userId, authVersion);
    if (!user) {
      await signOut(req);
      return next();
    }
    req.currentUser = user;
    res.locals.currentUser = user;
    next();
  };
}

/** A new session id with empty data (the old row deleted): what every sign-in and sign-out does, members' and staff's. */
export function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((error: unknown) => (error ? reject(toError(error)) : resolve())));
}

export function save(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((error: unknown) => (error ? reject(toError(error)) : resolve())));
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
