import { Router, type Request, type Response } from "express";
import { joinRequestSchema, supportRequestSchema } from "../../contracts/shapes/requests";
import { textField } from "../accounts";
import { HttpError, isApiRequest } from "../http/errors";
import { readShape } from "../http/json-shape";
import { pathId } from "../http/path-id";
import { httpErrorOf, unlessRefused } from "../http/refusals";
import { requireUser, signedInUser } from "../http/require-user";
import type { OriginRule } from "../http/site-origin";
import type { JoinDecision, RequestsService, RequestView } from "../requests";
import { isRefusal, type Refusal } from "../shared/refusal";
import { backToSchoolTab, renderConfirmation, type SchoolConfirmation } from "./account-school-admin";

/**
 * A member's requests (docs/requests.md):
 *   POST /account/requests/join/      JSON from the wizard's invalidEmail screen: ask to join a school
 *   POST /account/requests/support/   JSON from a wizard ending: send the details entered to staff
 * and the School tab's decisions on join requests, each confirmed on a page
 * of its own first, so they work without JavaScript:
 *   GET|POST /account/school/join-requests/{requestId}/approve/
 *   GET|POST /account/school/join-requests/{requestId}/decline/   (with an optional note)
 */

export interface RequestRoutesOptions {
  requests: RequestsService;
  siteOrigin: OriginRule;
}

const DETAILS_NOT_READ_MESSAGE = "We couldn't read the request. Reload the page and try again.";

export function accountRequestRoutes(options: RequestRoutesOptions): Router {
  const { requests } = options;
  const signedInOnly = requireUser(options.siteOrigin);
  const router = Router({ strict: true });

  router.post("/account/requests/join/", signedInOnly, async (req, res) => {
    const asked = readShape(joinRequestSchema, req.body, DETAILS_NOT_READ_MESSAGE);
    const sent = unlessRefused(await requests.askToJoin(signedInUser(req).id, asked));
    res.status(sent.alreadySent ? 200 : 201).json({ success: true, ...sent });
  });

  router.post("/account/requests/support/", signedInOnly, async (req, res) => {
    const details = readShape(supportRequestSchema, req.body, DETAILS_NOT_READ_MESSAGE);
    const sent = unlessRefused(await requests.sendSupportRequest(signedInUser(req).id, details));
    res.status(201).json({ success: true, ...sent });
  });

  router.get("/account/school/join-requests/:requestId/approve/", signedInOnly, async (req, res) => {
    const request = unlessRefused(await requests.joinRequest(adminOf(req), pathId(req.params.requestId)));
    renderConfirmation(res, approval(req, request));
  });

  router.post("/account/school/join-requests/:requestId/approve/", signedInOnly, async (req, res) => {
    const requestId = pathId(req.params.requestId);
    const decided = await requests.approveJoinRequest(adminOf(req), requestId, req.ip);
    if (isRefusal(decided)) return showAgain(req, res, decided, async () => approval(req, unlessRefused(await requests.joinRequest(adminOf(req), requestId))));
    backToSchoolTab(req, res, decidedMessage(decided));
  });

  router.get("/account/school/join-requests/:requestId/decline/", signedInOnly, async (req, res) => {
    const request = unlessRefused(await requests.joinRequest(adminOf(req), pathId(req.params.requestId)));
    renderConfirmation(res, declining(req, request, ""));
  });

  router.post("/account/school/join-requests/:requestId/decline/", signedInOnly, async (req, res) => {
    const requestId = pathId(req.params.requestId);
    const note = textField(req.body, "note");
    const decided = await requests.declineJoinRequest(adminOf(req), requestId, note, req.ip);
    if (isRefusal(decided)) {
      return showAgain(req, res, decided, async () => declining(req, unlessRefused(await requests.joinRequest(adminOf(req), requestId)), note, decided.errors?.note?.[0]));
    }
    backToSchoolTab(req, res, decidedMessage(decided));
  });

  return router;
}

/**
 * A refused decision: JSON callers get the refusal; a form post whose request
 * can still be decided (its note needs correcting, no seat is free) gets the
 * confirmation page again with the reason (409 or 400), never the error page.
 */
async function showAgain(req: Request, res: Response, refusal: Refusal, page: () => Promise<SchoolConfirmation>): Promise<void> {
  const error = httpErrorOf(refusal);
  if (isApiRequest(req) || (refusal.reason !== "conflict" && refusal.reason !== "invalid")) throw error;
  // Decided meanwhile (or gone): the page cannot be shown again, and the School tab says what is left.
  const shown = await page().catch((reason: unknown) => {
    if (reason instanceof HttpError) throw error;
    throw reason;
  });
  res.status(error.status);
  renderConfirmation(res, refusal.reason === "conflict" ? { ...shown, refusal: refusal.message } : shown);
}

function approval(req: Request, request: RequestView): SchoolConfirmation {
  const school = request.details.school?.name ?? "your school";
  return {
    heading: `Let ${request.name} join ${school}?`,
    lead: `${request.name} will hold a seat in ${school}'s membership, and we'll email them to say so.`,
    action: req.originalUrl,
    confirmLabel: "Approve",
    facts: requestFacts(request),
  };
}

function declining(req: Request, request: RequestView, note: string, error?: string): SchoolConfirmation {
  const school = request.details.school?.name ?? "your school";
  return {
    heading: `Decline ${request.name}'s request?`,
    lead: `We'll email ${request.name} politely that they weren't added to ${school}, and that their account is kept.`,
    action: req.originalUrl,
    confirmLabel: "Decline",
    facts: requestFacts(request),
    note: { label: "A note for them (optional)", hint: "Sent with the email, for example where to ask instead.", value: note, error },
  };
}

function requestFacts(request: RequestView): SchoolConfirmation["facts"] {
  const facts: NonNullable<SchoolConfirmation["facts"]> = [
    { label: "Name", value: request.name },
    { label: "Email address", value: request.email },
  ];
  if (request.message) facts.push({ label: "Their message", value: request.message, long: true });
  return facts;
}

function decidedMessage(decided: JoinDecision): string {
  if (decided.outcome === "declined") return `You declined ${decided.name}'s request to join ${decided.schoolName}. We've emailed them to say so.`;
  return decided.seat === "already"
    ? `${decided.name} already held a seat at ${decided.schoolName}; their request is now closed.`
    : `${decided.name} has joined ${decided.schoolName}. We've emailed them to say so.`;
}


function adminOf(req: Request) {
  return { kind: "admin" as const, personId: signedInUser(req).id };
}
