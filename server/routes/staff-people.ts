import { Router, type Request, type Response } from "express";
import { RESET_TOKEN_LIFETIME_MINUTES, textField } from "../accounts";
import { lastPageOf, paginationOf } from "../domain/pagination";
import { setFlash } from "../http/flash";
import { httpErrorOf, unlessRefused } from "../http/refusals";
import { pathId } from "../http/path-id";
import { formatLondonDateTimeLabel } from "../shared/london-time";
import { isRefusal, type Refusal } from "../shared/refusal";
import type { StaffService } from "../staff";
import { signedInStaff, signedInStaffOnly, staffNavigation } from "./staff-guard";

/**
 * The back office's People pages (docs/back-office.md, "People"):
 *   GET  /staff/people/?q=&page=                 find a person by name or email
 *   GET  /staff/people/{id}/                     their record: address confirmed, memberships, schools, orders, audit trail
 *   POST /staff/people/{id}/verification-link/   a new confirmation link to their address
 *   POST /staff/people/{id}/password-link/       a password-reset link (staff never see or set a password)
 *   GET|POST /staff/people/{id}/erase/           UK GDPR erasure, confirmed by typing their address
 */

const PEOPLE_PATH = "/staff/people/";

export function staffPeopleRoutes(options: { staff: StaffService }): Router {
  const desk = options.staff.people;
  const router = Router({ strict: true });
  router.use(PEOPLE_PATH, signedInStaffOnly, staffNavigation);

  router.get(PEOPLE_PATH, async (req, res) => {
    const text = textField(req.query, "q").trim().slice(0, 200);
    const requested = Number.parseInt(textField(req.query, "page"), 10);
    const found = unlessRefused(await desk.find(signedInStaff(req), { text, page: Number.isSafeInteger(requested) && requested > 0 ? requested : 1 }));
    const urlOf = (page: number) => `${PEOPLE_PATH}?${new URLSearchParams({ ...(text && { q: text }), ...(page > 1 && { page: String(page) }) }).toString()}`;
    res.render("pages/staff/people.njk", { found, q: text, pagination: paginationOf(found.page, lastPageOf(found.total, found.perPage), urlOf) });
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
    if (outcome.reason === "forbidden" || outcome.reason === "not-found") throw httpErrorOf(outcome);
    setFlash(req, { variant: "error", text: outcome.message });
  } else {
    setFlash(req, { variant: "success", text: said(outcome) });
  }
  res.redirect(303, `${PEOPLE_PATH}${personId}/`);
}
