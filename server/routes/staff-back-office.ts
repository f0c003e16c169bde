import { Router, type RequestHandler, type Response } from "express";
import { textField } from "../accounts";
import { notFound } from "../http/errors";
import { setFlash } from "../http/flash";
import { httpErrorOf, unlessRefused } from "../http/refusals";
import { pathId } from "../http/path-id";
import { signOutStaff } from "../http/staff-session";
import { isRefusal, type Refusal } from "../shared/refusal";
import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, STAFF_ROLES, type SignedInStaff, type StaffService } from "../staff";
import { signedInStaff, signedInStaffOnly, staffNavigation } from "./staff-guard";

/**
 * The back office (docs/back-office.md), for staff signed in alone: to
 * anyone else every address here is a 404, as one that does not exist.
 *   GET  /staff/                                the dashboard
 *   GET  /staff/team/                           the staff and the invite form (owners)
 *   POST /staff/team/                           invite
 *   GET  /staff/team/{id}/                      one account: its role, a new enrolment link, removal
 *   POST /staff/team/{id}/role/
 *   POST /staff/team/{id}/enrolment-link/
 *   GET|POST /staff/team/{id}/remove/           confirmed on a page of its own first
 * The service checks every action against the role (server/staff/staff-roles.ts);
 * the pages only leave out what it would refuse.
 */

export const STAFF_HOME = "/staff/";
const TEAM_PATH = "/staff/team/";

export function staffBackOfficeRoutes(options: { staff: StaffService }): Router {
  const { staff } = options;
  const router = Router({ strict: true });

  router.use("/staff", signedInStaffOnly, staffNavigation);

  router.get("/staff", (_req, res) => res.redirect(301, STAFF_HOME));

  router.get(STAFF_HOME, async (req, res) => {
    res.render("pages/staff/dashboard.njk", { figures: unlessRefused(await staff.dashboard(signedInStaff(req).role)) });
  });

  router.get(TEAM_PATH, async (req, res) => {
    await renderTeam(res, signedInStaff(req));
  });

  router.post(TEAM_PATH, async (req, res) => {
    const invite = { email: textField(req.body, "email"), role: textField(req.body, "role") };
    const invited = await staff.invite(signedInStaff(req).id, invite, req.ip ?? "");
    if (isRefusal(invited)) {
      // The form again, with what was typed, unless the refusal is the role's: then the error page says so.
      if (invited.reason === "forbidden") throw httpErrorOf(invited);
      return renderTeam(res, signedInStaff(req), { refusal: invited, invite });
    }
    setFlash(req, { variant: "success", text: `${invited.email} is invited as ${invited.roleLabel}: their enrolment link is on its way by email.` });
    res.redirect(303, TEAM_PATH);
  });

  router.get(`${TEAM_PATH}:staffId/`, async (req, res) => {
    const member = await teamMember(signedInStaff(req), pathId(req.params.staffId));
    res.render("pages/staff/team-member.njk", { member, roles: roleChoices() });
  });

  router.post(`${TEAM_PATH}:staffId/role/`, async (req, res) => {
    const target = pathId(req.params.staffId);
    const changed = await staff.changeRole(signedInStaff(req).id, target, textField(req.body, "role"), req.ip ?? "");
    if (isRefusal(changed)) return backToMember(req, res, target, changed);
    setFlash(req, { variant: "success", text: `${changed.email} is now ${changed.roleLabel}.` });
    res.redirect(303, `${TEAM_PATH}${target}/`);
  });

  router.post(`${TEAM_PATH}:staffId/enrolment-link/`, async (req, res) => {
    const target = pathId(req.params.staffId);
    const sent = await staff.sendEnrolmentLink(signedInStaff(req).id, target, req.ip ?? "");
    if (isRefusal(sent)) return backToMember(req, res, target, sent);
    setFlash(req, { variant: "success", text: `A new enrolment link is on its way to ${sent.email}. Their earlier links no longer work.` });
    res.redirect(303, `${TEAM_PATH}${target}/`);
  });

  router.get(`${TEAM_PATH}:staffId/remove/`, async (req, res) => {
    const member = await teamMember(signedInStaff(req), pathId(req.params.staffId));
    res.render("pages/staff/team-member-remove.njk", { member });
  });

  router.post(`${TEAM_PATH}:staffId/remove/`, async (req, res) => {
    const actor = signedInStaff(req);
    const target = pathId(req.params.staffId);
    const removed = await staff.remove(actor.id, target, req.ip ?? "");
    if (isRefusal(removed)) return backToMember(req, res, target, removed);
    if (removed.id === actor.id) {
      // Their own account: the session it belonged to ends with it.
      await signOutStaff(req);
      return res.redirect(303, "/staff-sign-in/");
    }
    setFlash(req, { variant: "success", text: `${removed.email} is no longer on the staff.` });
    res.redirect(303, TEAM_PATH);
  });

  /** The staff page: every account, and the invite form (again after a refused invite, with what was typed). */
  async function renderTeam(res: Response, actor: SignedInStaff, failed?: { refusal: Refusal; invite: { email: string; role: string } }): Promise<void> {
    const team = unlessRefused(await staff.listStaff(actor));
    if (failed) res.status(httpErrorOf(failed.refusal).status);
    res.render("pages/staff/team.njk", {
      team: team.staff,
      owners: team.owners,
      roles: roleChoices(),
      invite: failed?.invite ?? { email: "", role: "support" },
      errors: failed ? (failed.refusal.errors ?? { _form: [failed.refusal.message] }) : undefined,
    });
  }

  async function teamMember(actor: SignedInStaff, staffId: number) {
    const team = unlessRefused(await staff.listStaff(actor));
    const member = team.staff.find((entry) => entry.id === staffId);
    if (!member) throw notFound("There is no such staff account. It may have been removed.");
    return { ...member, isYou: member.id === actor.id, lastOwner: member.role === "owner" && team.owners <= 1 };
  }

  /** A refused change: the error page for the role's refusals, else the account's page with the reason on it. */
  function backToMember(req: Parameters<RequestHandler>[0], res: Response, staffId: number, refusal: Refusal): void {
    if (refusal.reason === "forbidden" || refusal.reason === "not-found" || refusal.reason === "invalid") throw httpErrorOf(refusal);
    setFlash(req, { variant: "error", text: refusal.message });
    res.redirect(303, `${TEAM_PATH}${staffId}/`);
  }

  return router;
}

function roleChoices() {
  return STAFF_ROLES.map((role) => ({ value: role, text: STAFF_ROLE_LABELS[role], description: STAFF_ROLE_DESCRIPTIONS[role] }));
}
