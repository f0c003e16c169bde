import type { Request, RequestHandler } from "express";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { CurrentUser } from "./current-user";

/**
 * Who is signed in, kept in the session as `userId` + `authVersion`.
 * Signing in and out always changes the session id (no session fixation),
 * and a password change (which bumps constituents.auth_version) ends every
 * other session the next time it is used.
 */

/** Starts a signed-in session for the constituent: a new session id, then the user stored in it. */
export async function signIn(req: Request, constituent: { id: number; auth_version: number }): Promise<void> {
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
  req.currentUser = undefined;
  await regenerate(req);
}

/**
 * Reads the session's user from the database on each request, and signs the
 * session out when that person no longer exists or changed their password
 * since. Sets `req.currentUser` and `res.locals.currentUser`.
 */
export function loadCurrentUser(options: { db: Kysely<Database> }): RequestHandler {
  return async (req, res, next) => {
    res.locals.currentUser = null;
    const { userId, authVersion } = req.session;
    if (userId === undefined) return next();
    const row = await options.db
      .selectFrom("constituents")
      .select(["id", "email", "first_name", "last_name", "auth_version"])
      .where("id", "=", userId)
      .where("kind", "=", "individual")
      .$narrowType<{ email: string }>()
      .executeTakeFirst();
    if (!row || row.auth_version !== authVersion) {
      await signOut(req);
      return next();
    }
    const user: CurrentUser = { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name };
    req.currentUser = user;
    res.locals.currentUser = user;
    next();
  };
}

function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((error: unknown) => (error ? reject(toError(error)) : resolve())));
}

function save(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((error: unknown) => (error ? reject(toError(error)) : resolve())));
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
