import { Router, type Request, type RequestHandler } from "express";
import { pathId } from "../http/path-id";
import { HttpError } from "../http/errors";
import { unlessRefused } from "../http/refusals";
import { requireUser } from "../http/require-user";
import type { OriginRule } from "../http/site-origin";
import type { SchoolRecordsService } from "../schools";

/**
 * The registration wizard's school-record calls (accounts spec, section 7;
 * docs/crm.md "The wizard's calls"): countries and states (public), the
 * session's status, finding, describing and creating a school and its
 * address, and a school's membership, seats and attributes. Every call but
 * the public ones and session-status needs a signed-in person (401 JSON
 * otherwise); the rules themselves live in the service.
 */
export function accountSchoolRecordsRoutes(options: { schoolRecords: SchoolRecordsService; siteOrigin: OriginRule }): Router {
  const { schoolRecords } = options;
  const signedIn = requireUser(options.siteOrigin);
  const router = Router({ strict: true });

  // Reference data changes only with a migration: browsers and caches may keep it an hour.
  router.get("/account/countries/", async (_req, res) => {
    res.set("Cache-Control", "public, max-age=3600").json({ success: true, countries: await schoolRecords.countries() });
  });
  router.get("/account/states/", async (_req, res) => {
    res.set("Cache-Control", "public, max-age=3600").json({ success: true, states: await schoolRecords.states() });
  });

  router.get("/account/session-status/", async (req, res) => {
    // `constituentId` in the query is ignored: the session alone says who is signed in. Signed out is a status, not an error.
    res.set("Cache-Control", "no-store").json(await schoolRecords.sessionStatus(req.currentUser));
  });

  router.get("/account/constituent-search/", signedIn, async (req, res) => {
    const post = typeof req.query.post === "string" ? req.query.post : "";
    const found = unlessRefused(await schoolRecords.organisationByPostcode(userId(req), post));
    res.json(found ? { success: true, Id: found.Id } : { success: false });
  });

  router.get("/account/constituent-detail/:id/", signedIn, async (req, res) => {
    res.json({ success: true, details: unlessRefused(await schoolRecords.constituentDetail(userId(req), pathId(req.params.id))) });
  });

  router.post("/account/school-check", signedIn, async (req, res) => {
    res.json({ success: true, school: unlessRefused(await schoolRecords.schoolCheck(userId(req), req.body)) });
  });

  router.post("/account/create-constituent/", signedIn, jsonOnly, async (req, res) => {
    const { Id } = unlessRefused(await schoolRecords.createOrganisation(userId(req), req.body));
    res.status(201).json({ success: true, data: { Id } });
  });

  router.post("/account/create-address/", signedIn, jsonOnly, async (req, res) => {
    const { Id } = unlessRefused(await schoolRecords.createAddress(userId(req), req.body));
    res.status(201).json({ success: true, data: { Id } });
  });

  router.put("/account/update-address/:id/", signedIn, jsonOnly, async (req, res) => {
    unlessRefused(await schoolRecords.updateAddress(userId(req), pathId(req.params.id), req.body));
    res.json({ success: true });
  });

  router.get("/account/membership-summary/:id/", signedIn, async (req, res) => {
    res.json({ success: true, ...(unlessRefused(await schoolRecords.membershipSummary(userId(req), pathId(req.params.id)))) });
  });

  router.get("/account/benefits-number-of-seats/:id/", signedIn, async (req, res) => {
    res.json({ success: true, details: unlessRefused(await schoolRecords.seatBenefits(userId(req), pathId(req.params.id))) });
  });

  // The spec names this call without its shape; ours is the organisation's current membership and its seats (docs/crm.md).
  router.get("/account/membership-organisation-benefit-summary/:id/", signedIn, async (req, res) => {
    res.json({ success: true, details: unlessRefused(await schoolRecords.organisationBenefitSummary(userId(req), pathId(req.params.id))) });
  });

  // Not in the spec: the admins' first names and initials, for the wizard's "ask your admin" screens (docs/crm.md).
  router.get("/account/school-admins/:id/", signedIn, async (req, res) => {
    res.set("Cache-Control", "no-store").json({ success: true, ...(unlessRefused(await schoolRecords.schoolAdmins(userId(req), pathId(req.params.id)))) });
  });

  router.get("/account/attributes/:id/", signedIn, async (req, res) => {
    res.json({ success: true, details: unlessRefused(await schoolRecords.attributes(userId(req), pathId(req.params.id), keywordIdsOf(req.query.keywordIds))) });
  });

  return router;
}

/** Records are written as JSON only: the wizard sends nested objects a form cannot. */
const jsonOnly: RequestHandler = (req, _res, next) => {
  if (req.is("application/json")) return next();
  next(new HttpError(415, "Send the record as JSON (Content-Type: application/json)."));
};

function userId(req: Request): number {
  // requireUser has run, so there is a user.
  return req.currentUser!.id;
}


const KEYWORD_IDS_MESSAGE = "Send keywordIds as whole numbers separated by commas, for example keywordIds=671.";
/** A school has a handful of attribute keywords; a longer list is not a real question (issue 22, item 8). */
const MAXIMUM_KEYWORD_IDS = 20;
const TOO_MANY_KEYWORD_IDS_MESSAGE = `Send at most ${MAXIMUM_KEYWORD_IDS} keywordIds.`;

/** `keywordIds=671` or `671,672` or repeated; absent means the email-domain keyword. */
function keywordIdsOf(value: unknown): number[] | undefined {
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => (typeof part === "string" ? part.split(",") : [null]));
  const ids = parts.map((part) => (part !== null && /^[1-9]\d{0,9}$/.test(part.trim()) ? Number(part.trim()) : Number.NaN));
  if (ids.length === 0 || ids.some(Number.isNaN)) throw new HttpError(400, KEYWORD_IDS_MESSAGE, { keywordIds: [KEYWORD_IDS_MESSAGE] });
  if (ids.length > MAXIMUM_KEYWORD_IDS) throw new HttpError(400, TOO_MANY_KEYWORD_IDS_MESSAGE, { keywordIds: [TOO_MANY_KEYWORD_IDS_MESSAGE] });
  return ids;
}
