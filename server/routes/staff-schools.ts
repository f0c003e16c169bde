import { Router, type Request, type Response } from "express";
import { staffSchoolSuggestionsSchema } from "../../contracts/shapes/staff-schools";
import { SCHOOL_SUGGESTIONS_MOST, SCHOOL_SUGGESTIONS_SHORTEST_QUERY } from "../../contracts/rules/staff-school-finder";
import { textField } from "../accounts";
import { lastPageOf, paginationOf } from "../domain/pagination";
import { formatLondonDate } from "../domain/membership-status";
import { formatLondonDateTimeLabel } from "../shared/london-time";
import { setFlash } from "../http/flash";
import { httpErrorOf, unlessRefused } from "../http/refusals";
import { pathId } from "../http/path-id";
import { isRefusal, type Refusal } from "../shared/refusal";
import { SCHOOL_FINDER_SHOWS, type StaffService } from "../staff";
import { signedInStaff, signedInStaffOnly, staffNavigation } from "./staff-guard";
import { showLinks } from "./staff-show-filter";

/**
 * The back office's Schools pages (docs/back-office.md, "Schools"):
 *   GET  /staff/schools/?q=&show=&page=                    find a school by name, URN, postcode or email domain; show: a kind, or hand-entered
 *   GET  /staff/schools/suggestions/?q=                    the typeahead's JSON: at most 8 schools matching q, [] under 2 characters
 *   GET  /staff/schools/{id}/                              its record, domains, membership, seats, people and requests
 *   POST /staff/schools/{id}/domains/suggested/            the register's suggested domain becomes an allowed one
 *   POST /staff/schools/{id}/domains/                      add a domain (domain)
 *   POST /staff/schools/{id}/domains/remove/               remove one (domain)
 *   POST /staff/schools/{id}/membership/                   create or extend the membership (kind, period, users, reference)
 *   POST /staff/schools/{id}/seats/                        change its user seats (users)
 *   POST /staff/schools/{id}/admins/                       make a current user an admin (personId)
 *   POST /staff/schools/{id}/affiliations/{aid}/end/       end one role, or (wholePerson=yes) every place the person holds there;
 *                                                           from=person: back to the person's page (it offers the same button)
 *   GET  /staff/schools/{id}/merge/?urn=                   a hand-entered school: what merging it into its register record would move
 *   POST /staff/schools/{id}/merge/                        merge it (urn): its people, memberships, domains, invites, orders and requests move
 */

const SCHOOLS_PATH = "/staff/schools/";

/** The school finder's Show filter, as its links say it. */
const SHOW_LABELS: Record<(typeof SCHOOL_FINDER_SHOWS)[number] | "all", string> = {
  all: "All schools",
  state: "State schools",
  independent: "Independent schools",
  international: "International schools",
  "hand-entered": "Entered by hand",
};

/** The forms on a school's page: a refusal of one keeps what was typed in it. */
type SchoolForm = "domain" | "membership" | "seats";

export function staffSchoolsRoutes(options: { staff: StaffService }): Router {
  const desk = options.staff.schools;
  const router = Router({ strict: true });
  router.use(SCHOOLS_PATH, signedInStaffOnly, staffNavigation);

  router.get(SCHOOLS_PATH, async (req, res) => {
    const text = textField(req.query, "q").trim().slice(0, 200);
    const requested = Number.parseInt(textField(req.query, "page"), 10);
    // An unknown "show" is every school, as the select's first option says.
    const show = SCHOOL_FINDER_SHOWS.find((candidate) => candidate === textField(req.query, "show"));
    const found = unlessRefused(await desk.find(signedInStaff(req), { text, show, page: Number.isSafeInteger(requested) && requested > 0 ? requested : 1 }));
    const urlOf = (page: number) =>
      `${SCHOOLS_PATH}?${new URLSearchParams({ ...(text && { q: text }), ...(show && { show }), ...(page > 1 && { page: String(page) }) }).toString()}`;
    const pagination = paginationOf(found.page, lastPageOf(found.total, found.perPage), urlOf);
    res.render("pages/staff/schools.njk", { found, q: text, showLinks: showLinks(SCHOOLS_PATH, text, SHOW_LABELS, SCHOOL_FINDER_SHOWS, show), showLabel: show ? SHOW_LABELS[show] : "", pagination });
  });

  // Before :schoolId/, which would read "suggestions" as an id. The desk checks the role even for short text.
  router.get(`${SCHOOLS_PATH}suggestions/`, async (req, res) => {
    const text = textField(req.query, "q").trim().slice(0, 200);
    const found = unlessRefused(await desk.find(signedInStaff(req), { text: text.length < SCHOOL_SUGGESTIONS_SHORTEST_QUERY ? "" : text, page: 1 }));
    const schools = text.length < SCHOOL_SUGGESTIONS_SHORTEST_QUERY ? [] : found.schools.slice(0, SCHOOL_SUGGESTIONS_MOST);
    res.json(staffSchoolSuggestionsSchema.parse(schools.map((school) => ({ id: school.constituent_id, name: school.name, urn: school.urn, town: school.city, postcode: school.postcode }))));
  });

  router.get(`${SCHOOLS_PATH}:schoolId/`, async (req, res) => {
    await renderSchool(req, res, pathId(req.params.schoolId));
  });

  router.post(`${SCHOOLS_PATH}:schoolId/domains/suggested/`, async (req, res) => {
    const schoolId = pathId(req.params.schoolId);
    const done = await desk.confirmSuggestedDomain(signedInStaff(req), schoolId, req.ip ?? "");
    await afterChange(req, res, schoolId, done, "domain", (added) => `People with an address at ${added.domain} can now join this school.`);
  });

  router.post(`${SCHOOLS_PATH}:schoolId/domains/`, async (req, res) => {
    const schoolId = pathId(req.params.schoolId);
    const done = await desk.addDomain(signedInStaff(req), schoolId, textField(req.body, "domain"), req.ip ?? "");
    await afterChange(req, res, schoolId, done, "domain", (added) => `People with an address at ${added.domain} can now join this school.`);
  });

  router.post(`${SCHOOLS_PATH}:schoolId/domains/remove/`, async (req, res) => {
    const schoolId = pathId(req.params.schoolId);
    const done = await desk.removeDomain(signedInStaff(req), schoolId, textField(req.body, "domain"), req.ip ?? "");
    await afterChange(req, res, schoolId, done, "domain", (removed) => `${removed.domain} is no longer one of this school's domains. Nobody already at the school loses their place.`);
  });

  router.post(`${SCHOOLS_PATH}:schoolId/membership/`, async (req, res) => {
    const schoolId = pathId(req.params.schoolId);
    const request = { kind: textField(req.body, "kind"), period: textField(req.body, "period"), users: textField(req.body, "users"), reference: textField(req.body, "reference") };
    const done = await desk.extendMembership(signedInStaff(req), schoolId, request, req.ip ?? "");
    await afterChange(req, res, schoolId, done, "membership", (extended) => `The school is a member until ${formatLondonDate(extended.expires)}.`);
  });

  router.post(`${SCHOOLS_PATH}:schoolId/seats/`, async (req, res) => {
    const schoolId = pathId(req.params.schoolId);
    const done = await desk.changeSeats(signedInStaff(req), schoolId, textField(req.body, "users"), req.ip ?? "");
    await afterChange(req, res, schoolId, done, "seats", (changed) => `The membership now has ${changed.seats} user seats.`);
  });

  router.post(`${SCHOOLS_PATH}:schoolId/admins/`, async (req, res) => {
    const schoolId = pathId(req.params.schoolId);
    const done = await desk.makeAdmin(signedInStaff(req), schoolId, pathId(textField(req.body, "personId")), req.ip ?? "");
    await afterChange(req, res, schoolId, done, undefined, (granted) => `${granted.name} is now an admin of this school.`);
  });

  router.post(`${SCHOOLS_PATH}:schoolId/affiliations/:affiliationId/end/`, async (req, res) => {
    const schoolId = pathId(req.params.schoolId);
    const wholePerson = textField(req.body, "wholePerson") === "yes";
    const done = await desk.endAffiliation(signedInStaff(req), schoolId, { affiliationId: pathId(req.params.affiliationId), wholePerson }, req.ip ?? "");
    // The person's page offers the same button: back there, not to the school.
    const back = !isRefusal(done) && textField(req.body, "from") === "person" ? `/staff/people/${done.personId}/` : undefined;
    await afterChange(req, res, schoolId, done, undefined, (ended) =>
      wholePerson ? `${ended.name} is no longer at this school; their seat is free.` : `${ended.name} is no longer an admin of this school.`,
    back);
  });

  router.get(`${SCHOOLS_PATH}:schoolId/merge/`, async (req, res) => {
    await renderMerge(req, res, pathId(req.params.schoolId), textField(req.query, "urn").slice(0, 20));
  });

  router.post(`${SCHOOLS_PATH}:schoolId/merge/`, async (req, res) => {
    const schoolId = pathId(req.params.schoolId);
    const urn = textField(req.body, "urn").slice(0, 20);
    const merged = await desk.merge(signedInStaff(req), schoolId, urn, req.ip ?? "");
    if (isRefusal(merged)) {
      if (merged.reason === "forbidden" || merged.reason === "not-found") throw httpErrorOf(merged);
      return renderMerge(req, res, schoolId, urn, merged);
    }
    const moved = `${merged.people} ${merged.people === 1 ? "person" : "people"}, ${merged.memberships} membership${merged.memberships === 1 ? "" : "s"}, ${merged.orders} order${merged.orders === 1 ? "" : "s"} and ${merged.requests} request${merged.requests === 1 ? "" : "s"}`;
    setFlash(req, { variant: "success", text: `Merged: ${moved} moved to ${merged.into.name}. The school entered by hand is no longer listed.` });
    res.redirect(303, `${SCHOOLS_PATH}${merged.into.id}/`);
  });

  /** The merge's confirmation page: with no URN yet, or a refused one, the URN form and why; otherwise what would move. */
  async function renderMerge(req: Request, res: Response, schoolId: number, urn: string, refused?: Refusal): Promise<void> {
    const school = unlessRefused(await desk.school(signedInStaff(req), schoolId));
    const preview = urn && !refused ? await desk.mergePreview(signedInStaff(req), schoolId, urn) : refused;
    if (preview && isRefusal(preview)) {
      if (preview.reason === "forbidden" || preview.reason === "not-found") throw httpErrorOf(preview);
      res.status(httpErrorOf(preview).status);
    }
    const problem = preview && isRefusal(preview) ? preview : undefined;
    res.render("pages/staff/school-merge.njk", {
      school: school.school,
      urn,
      preview: problem ? undefined : preview,
      errors: problem && (problem.errors ?? { _merge: [problem.message] }),
    });
  }

  /** The school's page; after a refused form, with its reason and what was typed in it. */
  async function renderSchool(req: Request, res: Response, schoolId: number, failed?: { form: SchoolForm; refusal: Refusal }): Promise<void> {
    const page = unlessRefused(await desk.school(signedInStaff(req), schoolId));
    if (failed) res.status(httpErrorOf(failed.refusal).status);
    res.render("pages/staff/school.njk", {
      ...page,
      auditTrail: page.auditTrail.map((entry) => ({ ...entry, whenLabel: formatLondonDateTimeLabel(entry.occurredAt) })),
      failedForm: failed?.form,
      // A refusal without field errors (no membership to change, say) is said in the form's summary all the same.
      errors: failed && (failed.refusal.errors ?? { _form: [failed.refusal.message] }),
      typed: failed ? req.body : {},
    });
  }

  /**
   * After a change: the school's page with what happened (a redirect, so a
   * reload does not repeat it), or why not. A form's invalid input is shown
   * beside the form with what was typed; the role's refusal and an unknown
   * school are the error page; anything else is said at the top.
   */
  async function afterChange<Done>(
    req: Request,
    res: Response,
    schoolId: number,
    outcome: Done | Refusal,
    form: SchoolForm | undefined,
    said: (done: Done) => string,
    back = `${SCHOOLS_PATH}${schoolId}/`,
  ): Promise<void> {
    if (isRefusal(outcome)) {
      if (outcome.reason === "forbidden" || outcome.reason === "not-found") throw httpErrorOf(outcome);
      if (form) return renderSchool(req, res, schoolId, { form, refusal: outcome });
      setFlash(req, { variant: "error", text: outcome.message });
    } else {
      setFlash(req, { variant: "success", text: said(outcome) });
    }
    res.redirect(303, back);
  }

  return router;
}
