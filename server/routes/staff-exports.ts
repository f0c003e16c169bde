import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Router, type Response } from "express";
import { httpErrorOf } from "../http/refusals";
import { londonDateOf } from "../shared/london-time";
import { isRefusal } from "../shared/refusal";
import { MEMBER_EXPORT_COLUMNS, ORDER_EXPORT_COLUMNS, SCHOOL_EXPORT_COLUMNS, type StaffService } from "../staff";
import { signedInStaff, signedInStaffOnly, staffNavigation } from "./staff-guard";

/**
 * The back office's exports (docs/back-office.md, "Exports"):
 *   GET /staff/exports/              what can be downloaded, by role, with its columns
 *   GET /staff/exports/members.csv   who is a member now (membership and above), streamed and audited
 *   GET /staff/exports/schools.csv   each school with a current membership, its seats and admins (membership and above), likewise
 * The orders export is the Orders page's (/staff/orders/export.csv, with its filters).
 */

const EXPORTS_PATH = "/staff/exports/";

export function staffExportsRoutes(options: { staff: StaffService }): Router {
  const desk = options.staff.exports;
  const router = Router({ strict: true });
  router.use(EXPORTS_PATH, signedInStaffOnly, staffNavigation);

  router.get(EXPORTS_PATH, (_req, res) => {
    res.render("pages/staff/exports.njk", { memberColumns: MEMBER_EXPORT_COLUMNS, schoolColumns: SCHOOL_EXPORT_COLUMNS, orderColumns: ORDER_EXPORT_COLUMNS });
  });

  router.get(`${EXPORTS_PATH}members.csv`, async (req, res) => {
    const lines = await desk.exportMembers(signedInStaff(req), req.ip ?? "");
    if (isRefusal(lines)) throw httpErrorOf(lines);
    await sendCsv(res, `members-${londonDateOf(new Date())}.csv`, lines);
  });

  router.get(`${EXPORTS_PATH}schools.csv`, async (req, res) => {
    const lines = await desk.exportSchools(signedInStaff(req), req.ip ?? "");
    if (isRefusal(lines)) throw httpErrorOf(lines);
    await sendCsv(res, `schools-with-seats-${londonDateOf(new Date())}.csv`, lines);
  });

  return router;
}

/** A CSV download, written as it is read: a large export never sits in memory, and waits whenever the client is slower. */
export async function sendCsv(res: Response, filename: string, lines: AsyncIterable<string>): Promise<void> {
  res.status(200);
  res.setHeader("Content-Type", "text/csv; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="${filename}"`);
  await pipeline(Readable.from(lines), res);
}
