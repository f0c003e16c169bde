import type { Request, RequestHandler } from "express";
import { notFound } from "../http/errors";
import { actionsOf, STAFF_ROLE_LABELS, type SignedInStaff } from "../staff";

/*
 * What every back-office router puts first (docs/back-office.md): the area
 * is for signed-in staff alone, and its layout's header shows the role and
 * what it may reach. server/http/staff-area.ts already answers 404 to anyone
 * else before a body is read; each router checks again, so none depends on
 * where it is mounted.
 */

/** Everything under /staff/ is for signed-in staff alone: anyone else is told the address does not exist. */
export const signedInStaffOnly: RequestHandler = (req, _res, next) => {
  if (!req.staff) return next(notFound());
  next();
};

/** What the staff layout's header shows: the role and what it may reach. */
export const staffNavigation: RequestHandler = (req, res, next) => {
  const staff = signedInStaff(req);
  res.locals.staffRoleLabel = STAFF_ROLE_LABELS[staff.role];
  res.locals.staffCan = Object.fromEntries(actionsOf(staff.role).map((action) => [action, true]));
  next();
};

/** The staff member a back-office route acts for (signedInStaffOnly has run before every one). */
export function signedInStaff(req: Request): SignedInStaff {
  if (!req.staff) throw notFound();
  return req.staff;
}
