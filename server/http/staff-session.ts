import session from "express-session";
import type { RequestHandler, Request } from "express";
import type { Config } from "../config";
import type { SignedInStaff } from "../staff";
import { regenerate, save } from "./session-user";

/*
 * The back office's sessions (docs/back-office.md), apart from members': their
 * own cookie, signed with their own secret, kept in their own store
 * (staff_sessions, or Redis keys "staff-sess:"). They idle out after
 * STAFF_SESSION_IDLE_MINUTES (30) without a request, and end after
 * STAFF_SESSION_ABSOLUTE_HOURS whatever happens. Only the staff area's paths
 * (server/http/staff-area.ts) ever read this cookie.
 */

declare module "express-session" {
  interface SessionData {
    /** The signed-in staff account (staff sessions only). */
    staffId: number;
    /** Its enrolment when it signed in: a new enrolment ends older sessions. */
    staffEnrolledAt: string;
    /** Epoch milliseconds of the sign-in, for the absolute lifetime. */
    staffSignedInAt: number;
  }
}

declare global {
  // Express's own extension points are namespaces; there is no other way to add to them.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set in the staff area by loadSignedInStaff: who is signed in to the back office, or undefined. */
      staff?: SignedInStaff;
    }
    interface Locals {
      staff?: SignedInStaff;
    }
  }
}

/** However active, a staff session ends this long after its sign-in. */
export const STAFF_SESSION_ABSOLUTE_HOURS = 12;

/** `__Host-` over https, as members' cookie (session-middleware.ts says why). */
export function staffSessionCookieName(config: Pick<Config, "secureCookies">): string {
  return config.secureCookies ? "__Host-staff_sid" : "staff_sid";
}

export function staffSessionMiddleware(config: Config, store: session.Store): RequestHandler {
  return session({
    name: staffSessionCookieName(config),
    secret: config.staffSessionSecret,
    store,
    resave: false,
    saveUninitialized: false,
    // The idle timeout: the cookie and the stored session live STAFF_SESSION_IDLE_MINUTES past the last answer.
    rolling: true,
    cookie: { httpOnly: true, sameSite: "lax", secure: config.secureCookies, maxAge: config.staffSessionIdleMinutes * 60 * 1000, path: "/" },
  });
}

/**
 * Reads the session's staff account on each request (the account's role as it
 * is now, so a change of role applies at once) and signs the session out when
 * the account is gone, enrolled again since, or the session is past its
 * absolute lifetime.
 */
export function loadSignedInStaff(options: { staffForSession: (staffId: number, enrolledAt: string) => Promise<SignedInStaff | undefined>; now?: () => number }): RequestHandler {
  const now = options.now ?? Date.now;
  return async (req, res, next) => {
    const { staffId, staffEnrolledAt, staffSignedInAt } = req.session;
    if (staffId === undefined) return next();
    const fresh = staffSignedInAt !== undefined && now() - staffSignedInAt < STAFF_SESSION_ABSOLUTE_HOURS * 60 * 60 * 1000;
    const staff = fresh && staffEnrolledAt !== undefined ? await options.staffForSession(staffId, staffEnrolledAt) : undefined;
    if (!staff) {
      await signOutStaff(req);
      return next();
    }
    req.staff = staff;
    res.locals.staff = staff;
    next();
  };
}

/** A new session id (never the one the sign-in page had), then the staff account in it. */
export async function signInStaff(req: Request, staff: SignedInStaff): Promise<void> {
  await regenerate(req);
  req.session.staffId = staff.id;
  req.session.staffEnrolledAt = staff.enrolledAt;
  req.session.staffSignedInAt = Date.now();
  await save(req);
}

export async function signOutStaff(req: Request): Promise<void> {
  req.staff = undefined;
  await regenerate(req);
}
