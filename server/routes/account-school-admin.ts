import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { textField } from "../accounts";
import { setFlash } from "../http/flash";
import { recordId } from "../domain/record-id";
import { INVITE_LIFETIME_DAYS } from "../domain/school-invites";
import { HttpError, isApiRequest } from "../http/errors";
import { jsonFields } from "../http/json-fields";
import { httpErrorOf, unlessRefused } from "../http/refusals";
import { pathId } from "../http/path-id";
import { requireUser, signedInUser } from "../http/require-user";
import type { OriginRule } from "../http/site-origin";
import { type AffiliationRequest, INVITE_ACCEPT_PATH, INVITE_SENT_MESSAGE, type InviteAcceptance, parseInviteRequest, type SchoolAdminService } from "../schools";
import { isRefusal } from "../shared/refusal";

/**
 * School administration (accounts spec, sections 6 and 7; docs/schools.md):
 *   GET    /account/affiliations/?groupConstituentID=&currentOnly=true
 *   POST   /account/affiliation/{individualId}/
 *   DELETE /account/affiliation/{affiliationId}/delete
 *   POST   /account/invite-user/            (JSON, or a plain form)
 *   GET    /account/invite/accept/?token=   (a "Join {school}" button; changes nothing)
 *   POST   /account/invite/accept/  {token} (the button: accepts the invite)
 * and the School tab's plain forms, each confirmed on a page of its own
 * first so they work without JavaScript:
 *   GET|POST /account/school/{schoolId}/make-admin/{personId}/
 *   GET|POST /account/school/remove/{affiliationId}/
 * and the pending invites (JSON for the API, the form on the School tab):
 *   GET  /account/school/{schoolId}/invites/
 *   POST /account/school/{schoolId}/invites/{inviteId}/revoke/
 *   POST /account/school/{schoolId}/invites/{inviteId}/resend/
 */

export interface SchoolAdminRoutesOptions {
  schools: SchoolAdminService;
  siteOrigin: OriginRule;
}

export const SCHOOL_TAB_PATH = "/account/my-account/#school";

export function schoolAdminRoutes(options: SchoolAdminRoutesOptions): Router {
  const { schools } = options;
  const signedInOnly = requireUser(options.siteOrigin);
  const router = Router({ strict: true });

  router.get("/account/affiliations/", signedInOnly, async (req, res) => {
    const groupConstituentId = recordId(textField(req.query, "groupConstituentID"));
    if (groupConstituentId === undefined) {
      throw new HttpError(400, "Say which school: groupConstituentID must be its id.", { groupConstituentID: ["Give the school's id."] });
    }
    const currentOnly = textField(req.query, "currentOnly") === "true";
    res.json({ success: true, details: await schools.affiliations(signedInUser(req).id, { groupConstituentId, currentOnly }) });
  });

  router.post("/account/affiliation/:individualId/", signedInOnly, async (req, res) => {
    const request = affiliationRequestOf(req.body, pathId(req.params.individualId));
    const recorded = unlessRefused(await schools.recordAffiliation(signedInUser(req).id, request, req.ip));
    res.status(recorded.created ? 201 : 200).json({ success: true, Id: recorded.Id });
  });

  router.delete("/account/affiliation/:affiliationId/delete", signedInOnly, async (req, res) => {
    const affiliationId = pathId(req.params.affiliationId);
    unlessRefused(await schools.remove(signedInUser(req).id, { affiliationId, wholePerson: false }, req.ip));
    res.json({ success: true });
  });

  router.get("/account/school/:schoolId/make-admin/:personId/", signedInOnly, async (req, res) => {
    const target = { schoolId: pathId(req.params.schoolId), personId: pathId(req.params.personId) };
    const offer = unlessRefused(await schools.adminOffer(signedInUser(req).id, target));
    // Not offered when it cannot be done: the page says why and what to do instead (409, as the POST would answer).
    if (offer.unavailable) res.status(409);
    renderConfirmation(res, {
      heading: `Make ${offer.name} an admin?`,
      lead: `Admins of ${offer.schoolName} can invite people, make others admins and remove users. This uses one admin seat.`,
      action: req.originalUrl,
      confirmLabel: "Make admin",
      refusal: offer.unavailable,
    });
  });

  router.post("/account/school/:schoolId/make-admin/:personId/", signedInOnly, async (req, res) => {
    const target = { schoolId: pathId(req.params.schoolId), personId: pathId(req.params.personId) };
    const granted = await schools.makeAdmin(signedInUser(req).id, target, req.ip);
    if (isRefusal(granted)) {
      // An expected refusal (a conflict: no admin seat free, no membership) is the confirmation page again with the reason, never the error page.
      if (isApiRequest(req) || granted.reason !== "conflict") throw httpErrorOf(granted);
      res.status(httpErrorOf(granted).status);
      renderConfirmation(res, { heading: "This person can't be made an admin now", lead: "", action: req.originalUrl, confirmLabel: "Make admin", refusal: granted.message });
      return;
    }
    backToSchoolTab(req, res, `${granted.name} is now an admin.`);
  });

  router.get("/account/school/remove/:affiliationId/", signedInOnly, async (req, res) => {
    const removal = unlessRefused(await schools.removal(signedInUser(req).id, pathId(req.params.affiliationId)));
    renderConfirmation(res, {
      heading: `Remove ${removal.name} from this school?`,
      lead: `${removal.name} will no longer be a member through ${removal.affiliation.GroupConstituent.DisplayName}, and their seat becomes free.`,
      action: req.originalUrl,
      confirmLabel: "Remove",
    });
  });

  router.post("/account/school/remove/:affiliationId/", signedInOnly, async (req, res) => {
    const removal = unlessRefused(await schools.remove(signedInUser(req).id, { affiliationId: pathId(req.params.affiliationId), wholePerson: true }, req.ip));
    backToSchoolTab(req, res, `${removal.name} has been removed from this school.`);
  });

  router.get("/account/school/:schoolId/invites/", signedInOnly, async (req, res) => {
    res.json({ success: true, details: unlessRefused(await schools.pendingInvites(signedInUser(req).id, pathId(req.params.schoolId))) });
  });

  router.post("/account/school/:schoolId/invites/:inviteId/revoke/", signedInOnly, async (req, res) => {
    const target = { schoolId: pathId(req.params.schoolId), inviteId: pathId(req.params.inviteId) };
    const revoked = unlessRefused(await schools.revokeInvite(signedInUser(req).id, target, req.ip));
    backToSchoolTab(req, res, `The invite to ${revoked.email} has been revoked: its link no longer works.`);
  });

  router.post("/account/school/:schoolId/invites/:inviteId/resend/", signedInOnly, async (req, res) => {
    const target = { schoolId: pathId(req.params.schoolId), inviteId: pathId(req.params.inviteId) };
    const resent = await schools.resendInvite(signedInUser(req).id, target, req.ip);
    if (isRefusal(resent)) {
      // Too soon again is an expected refusal: back on the School tab with the reason, never the error page.
      if (isApiRequest(req) || resent.reason !== "too-many-attempts") throw httpErrorOf(resent);
      res.set("Retry-After", String(resent.retryAfterSeconds));
      setFlash(req, { variant: "error", text: resent.message });
      res.redirect(303, SCHOOL_TAB_PATH);
      return;
    }
    backToSchoolTab(req, res, `The invite to ${resent.email} has been sent again, with a new link that works for ${INVITE_LIFETIME_DAYS} days. The earlier link no longer works.`);
  });

  router.post("/account/invite-user/", signedInOnly, async (req, res) => {
    const invite = parseInviteRequest(req.body);
    const sent = isRefusal(invite) ? invite : await schools.invite(signedInUser(req).id, invite, req.ip);
    if (isRefusal(sent)) {
      const error = httpErrorOf(sent);
      if (isApiRequest(req)) throw error;
      if (sent.reason === "too-many-attempts") res.set("Retry-After", String(sent.retryAfterSeconds));
      res.status(error.status).render("pages/account/school-invite.njk", { values: req.body, errors: error.errors });
      return;
    }
    if (isApiRequest(req)) {
      res.json({ success: true });
      return;
    }
    backToSchoolTab(req, res, INVITE_SENT_MESSAGE);
  });

  // Opening the emailed link only reads (mail scanners open every link): the invited person gets a "Join {school}" button.
  router.get(INVITE_ACCEPT_PATH, async (req, res) => {
    const outcome = await schools.inviteOffer(textField(req.query, "token"), req.currentUser);
    // The address holds the invite's secret: not cached, nor sent to another site as a Referer. Not "no-referrer":
    // a browser then sends `Origin: null` with the button's post, which the CSRF origin check rightly refuses.
    res.set({ "Cache-Control": "no-store", "Referrer-Policy": "same-origin" });
    if (outcome.kind === "offer") return res.render("pages/account/invite-accept.njk", { outcome, token: textField(req.query, "token") });
    answerInvite(req, res, outcome);
  });

  // The button: only this spends the invite.
  router.post(INVITE_ACCEPT_PATH, jsonFields({ token: "text" }), async (req, res) => {
    const outcome = await schools.acceptInvite(textField(req.body, "token"), req.currentUser);
    if (outcome.kind === "joined" || outcome.kind === "already") {
      setFlash(req, { variant: "success", text: `You have joined ${outcome.schoolName}.` });
      return res.redirect(303, SCHOOL_TAB_PATH);
    }
    answerInvite(req, res, outcome);
  });

  return router;
}

/** An invite link that leads elsewhere first (signing up or in, coming back to it) or cannot be used. */
function answerInvite(req: Request, res: Response, outcome: Exclude<InviteAcceptance, { kind: "joined" | "already" }>): void {
  if (outcome.kind === "sign-up") {
    return res.redirect(303, `/account/register/?returnURL=${encodeURIComponent(outcome.acceptPath)}&email=${encodeURIComponent(outcome.email)}`);
  }
  if (outcome.kind === "sign-in") return res.redirect(303, `/account/login/?next=${encodeURIComponent(outcome.acceptPath)}`);
  res.status(outcome.kind === "refused" ? 400 : outcome.kind === "other-email" ? 403 : 409);
  res.render("pages/account/invite-accept.njk", { outcome });
}

/** After a School tab action: `{success, message}` to an API call, else the School tab with the message as a one-time notice. */
export function backToSchoolTab(req: Request, res: Response, text: string): void {
  if (isApiRequest(req)) {
    res.json({ success: true, message: text });
    return;
  }
  setFlash(req, { variant: "success", text });
  res.redirect(303, SCHOOL_TAB_PATH);
}

/** What the School tab's confirmation page shows (templates/pages/account/school-confirm.njk). */
export interface SchoolConfirmation {
  heading: string;
  lead: string;
  action: string;
  confirmLabel: string;
  /** Why it cannot be done; the page then says so instead of offering the button. */
  refusal?: string;
  /** Labelled facts about what is being decided (a join request's name, address and message). */
  facts?: { label: string; value: string; long?: boolean }[];
  /** An optional note to send with it: the field's label and hint, and what was typed. */
  note?: { label: string; hint: string; value: string; error?: string };
}

export function renderConfirmation(res: Response, page: SchoolConfirmation): void {
  res.render("pages/account/school-confirm.njk", { ...page, cancelHref: SCHOOL_TAB_PATH });
}

/** `{"Id": n}`, n a positive whole number. */
const recordReference = z.object({ Id: z.number().refine((id) => Number.isSafeInteger(id) && id > 0) });
const affiliationBody = z.object({ AffiliationType: recordReference, GroupConstituent: recordReference, IndividualConstituent: recordReference, Salary: z.unknown() });

/** POST /account/affiliation/{individualId}/'s body, checked at the edge: three ids, the person's the one in the path. */
function affiliationRequestOf(body: unknown, individualId: number): AffiliationRequest {
  const parsed = affiliationBody.safeParse(body);
  if (!parsed.success) throw new HttpError(400, "Send AffiliationType, GroupConstituent and IndividualConstituent, each as {\"Id\": number}.");
  const { AffiliationType, GroupConstituent, IndividualConstituent, Salary } = parsed.data;
  if (IndividualConstituent.Id !== individualId) throw new HttpError(400, "IndividualConstituent.Id must be the id in the address.");
  // One's own affiliation is confirmed by the seat usage it was recorded with (manual-benefit-usage's Id, sent as a number or its text).
  const salary = typeof Salary === "number" ? Salary : Number(Salary);
  return { typeId: AffiliationType.Id, schoolId: GroupConstituent.Id, personId: IndividualConstituent.Id, salary };
}


