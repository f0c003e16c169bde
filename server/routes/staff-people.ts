import { Router, type Request, type Response } from "express";
import { RESET_TOKEN_LIFETIME_MINUTES, textField } from "../accounts";
import { lastPageOf, paginationOf } from "../domain/pagination";
import { setFlash } from "../http/flash";
import { httpErrorOf, unlessRefused } from "../http/refusals";
import { pathId } from "../http/path-id";
import { formatLondonDate } from "../domain/membership-status";
import { formatLondonDateTimeLabel } from "../shared/london-time";
import { isRefusal, type Refusal } from "../shared/refusal";
import { PEOPLE_SHOWN, type StaffService } from "../staff";
import { signedInStaff, signedInStaffOnly, staffNavigation } from "./staff-guard";
import { showLinks } from "./staff-show-filter";

/**
 * The back office's People pages (docs/back-office.md, "People"):
 *   GET  /staff/people/?q=&show=&page=           find a person by name or email; show: members or not-members
 *   GET  /staff/people/{id}/                     their record: address confirmed, memberships, schools, orders, audit trail
 *   POST /staff/people/{id}/verification-link/   a new confirmation link to their address
 *   POST /staff/people/{id}/password-link/       a password-reset link (staff never see or set a password)
 *   POST /staff/people/{id}/complimentary/       a complimentary individual membership (period: month or year)
 *   GET|POST /staff/people/{id}/erase/           UK GDPR erasure, confirmed by typing their address
 */

const PEOPLE_PATH = "/staff/people/";

/** The people finder's Show filter, as its links say it. */
const SHOW_LABELS: Record<(typeof PEOPLE_SHOWN)[number] | "all", string> = {
  all: "Everyone",
  members: "Members now",
  "not-members": "Not members",
};

export function staffPeopleRoutes(options: { staff: StaffService }): Router {
  const desk = options.staff.people;
  const router = Router({ strict: true });
  router.use(PEOPLE_PATH, signedInStaffOnly, staffNavigation);

  router.get(PEOPLE_PATH, async (req, res) => {
    const text = textField(req.query, "q").trim().slice(0, 200);
    const requested = Number.parseInt(textField(req.query, "page"), 10);
    // An unknown "show" is everyone, as the first link says.
    const show = PEOPLE_SHOWN.find((candidate) => candidate === textField(req.query, "show"));
    const found = unlessRefused(await desk.find(signedInStaff(req), { text, show, page: Number.isSafeInteger(requested) && requested > 0 ? requested : 1 }));
    const urlOf = (page: number) =>
      `${PEOPLE_PATH}?${new URLSearchParams({ ...(text && { q: text }), ...(show && { show }), ...(page > 1 && { page: String(page) }) }).toString()}`;
    const pagination = paginationOf(found.page, lastPageOf(found.total, found.perPage), urlOf);
    res.render("pages/staff/people.njk", { found, q: text, showLinks: showLinks(PEOPLE_PATH, text, SHOW_LABELS, PEOPLE_SHOWN, show), showLabel: show ? SHOW_LABELS[show] : "", pagination });
  });

  router.get(`${PEOPLE_PATH}:personId/`, async (req, res) => {
    const page = unlessRefused(await desk.person(signedInStaff(req), pathId(req.params.personId)));
    res.render("pages/staff/person.njk", {
      ...page,
      auditTrail: page.auditTrail.map((entry) => ({ ...entry, whenLabel: formatLondonDateTimeLabel(entry.occurredAt) })),
    });
  });

  router.post(`${PEOPLE_PATH}:personId/verification-link/`, async (req, res) => {
    const personId = pathId(req.params.personId);
    const sent = await desk.resendVerification(signedInStaff(req), personId, req.ip ?? "");
    backToPerson(req, res, personId, sent, (done) => `A new confirmation link is on its way to ${done.sentTo}.`);
  });

  router.post(`${PEOPLE_PATH}:personId/password-link/`, async (req, res) => {
    const personId = pathId(req.params.personId);
    const sent = await desk.sendPasswordLink(signedInStaff(req), personId, req.ip ?? "");
    backToPerson(req, res, personId, sent, (done) => `A password-reset link is on its way to ${done.sentTo}. It works once, for ${RESET_TOKEN_LIFETIME_MINUTES} minutes.`);
  });

  router.post(`${PEOPLE_PATH}:personId/complimentary/`, async (req, res) => {
    const personId = pathId(req.params.personId);
    const granted = await desk.grantComplimentary(signedInStaff(req), personId, textField(req.body, "period"), req.ip ?? "");
    backToPerson(req, res, personId, granted, (done) => `They are a member until ${formatLondonDate(done.expires)}, complimentary.`);
  });

  router.get(`${PEOPLE_PATH}:personId/erase/`, async (req, res) => {
    await renderErasure(req, res, pathId(req.params.personId));
  });

  router.post(`${PEOPLE_PATH}:personId/erase/`, async (req, res) => {
    const personId = pathId(req.params.personId);
    const email = textField(req.body, "email");
    const erased = await desk.erase(signedInStaff(req), personId, email, req.ip ?? "");
    if (isRefusal(erased)) {
      if (erased.reason !== "invalid") throw httpErrorOf(erased);
      return renderErasure(req, res, personId, { refusal: erased, email });
    }
    setFlash(req, { variant: "success", text: `The account of ${erased.email} is erased. Their orders stay, with no name or address.` });
    res.redirect(303, PEOPLE_PATH);
  });

  /** The erasure's confirmation page; after a wrong confirmation, with the reason and what was typed. */
  async function renderErasure(req: Request, res: Response, personId: number, failed?: { refusal: Refusal; email: string }): Promise<void> {
    const erasure = unlessRefused(await desk.erasure(signedInStaff(req), personId));
    if (failed) res.status(httpErrorOf(failed.refusal).status);
    res.render("pages/staff/person-erase.njk", { ...erasure, email: failed?.email ?? "", errors: failed?.refusal.errors });
  }

  return router;
}

/** After an action: the person's page with what happened, or why not; the role's refusal and an unknown person are the error page. */
function backToPerson<Done>(req: Request, res: Response, personId: number, outcome: Done | Refusal, said: (done: Done) => string): void {
  if (isRefusal(outcome)) {
    if (outcome.reason === "forbidden" || outcome.reason === "not-found" || outcome.reason === "invalid") throw httpErrorOf(outcome);
    setFlash(req, { variant: "error", text: outcome.message });
  } else {
    setFlash(req, { variant: "success", text: said(outcome) });
  }
  res.redirect(303, `${PEOPLE_PATH}${personId}/`);
}
