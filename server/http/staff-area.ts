import { Router, type RequestHandler } from "express";
import { notFound } from "./errors";

/*
 * The back office's own stretch of the pipeline (server/http/pipeline.ts,
 * layer "staff"; docs/back-office.md). Its addresses are:
 *   /staff/…         the back office itself: 404 to anyone not signed in as staff,
 *                    exactly as an address that does not exist;
 *   /staff-sign-in/  the sign-in page, outside /staff/ so that /staff/ can say
 *                    nothing to a visitor (noindex, and nothing links to it);
 *   /staff-enrol/    the enrolment page an enrolment link leads to.
 * A request for any of them is handled here alone, with the staff session
 * (never the member's), its own body parsing and CSRF check, and answers
 * nobody keeps (Cache-Control: no-store, X-Robots-Tag: noindex). Whatever
 * the staff routes do not answer is a 404 here: no staff address falls
 * through to the site's own routes.
 */

/** Whether a path is the back office's. */
export function isStaffPath(path: string): boolean {
  return path === "/staff" || path.startsWith("/staff/") || path.startsWith("/staff-sign-in") || path.startsWith("/staff-enrol");
}

/**
 * Under /staff/ (not the sign-in and enrolment pages), anyone not signed in as
 * staff is answered 404 here, before the body is read or the CSRF token
 * checked: a write there is as unknown as a page. Run after the staff session
 * is read (req.staff).
 */
export const notFoundUnlessStaff: RequestHandler = (req, _res, next) => {
  if (!req.staff && (req.path === "/staff" || req.path.startsWith("/staff/"))) return next(notFound());
  next();
};

/** No staff answer is kept by a cache or indexed, whoever asks. */
const unkept: RequestHandler = (_req, res, next) => {
  res.set({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });
  next();
};

/** The staff area's layers, in order, run only for its paths; then a 404 for whatever they left. */
export function staffArea(layers: readonly RequestHandler[]): RequestHandler {
  const router = Router({ strict: true });
  router.use(unkept, ...layers, (_req, _res, next) => next(notFound()));
  return (req, res, next) => (isStaffPath(req.path) ? router(req, res, next) : next());
}
