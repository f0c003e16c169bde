import { Router, type Request, type Response } from "express";
import { HttpError, type FieldErrors } from "../http/errors";
import { pathId } from "../http/path-id";
import { unlessRefused } from "../http/refusals";
import { requireUser } from "../http/require-user";
import type { OriginRule } from "../http/site-origin";
import type { SeatGrantsService, SeatUsageRequest } from "../schools";

/**
 * PUT is refused on purpose: a usage is what pays for an affiliation, so it
 * changes only together with it (taken with POST here, given back when the
 * school's admin removes the person, DELETE /account/affiliation/{id}/delete).
 */
export const USAGE_IS_NOT_EDITABLE_MESSAGE =
  "A seat can't be changed on its own: it changes only with the school membership it pays for. To leave a school, ask its admin to remove you.";

/** `record.Id` as a positive whole number, or a field error under `name`. */
function idOf(body: unknown, name: string, errors: FieldErrors): number {
  const record = body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
  const id = record && typeof record === "object" ? (record as Record<string, unknown>).Id : undefined;
  if (typeof id === "number" && Number.isSafeInteger(id) && id > 0) return id;
  errors[`${name}.Id`] = [`Send ${name}.Id as a whole number.`];
  return 0;
}

function readUsage(body: unknown): SeatUsageRequest {
  const errors: FieldErrors = {};
  const usage = { benefitId: idOf(body, "Benefit", errors), constituentId: idOf(body, "Constituent", errors), membershipId: idOf(body, "Membership", errors) };
  if (Object.keys(errors).length > 0) throw new HttpError(400, "Check the seat details sent and try again.", errors);
  return usage;
}

/**
 * The wizard's seat calls (accounts spec, section 7; docs/crm.md, "Seats,
 * admins and verified email"): the free state-school membership, and the
 * manual benefit usage that joins a school or accepts the admin offer.
 */
export function accountSeatRoutes(options: { seats: SeatGrantsService; siteOrigin: OriginRule }): Router {
  const { seats } = options;
  const router = Router({ strict: true });
  const signedInOnly = requireUser(options.siteOrigin);
  const userOf = (req: Request) => req.currentUser!.id;

  router.post("/account/membership-create/:schoolId/", signedInOnly, async (req, res) => {
    const schoolId = pathId(req.params.schoolId);
    const type: unknown = req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>).type : undefined;
    const outcome = unlessRefused(await seats.createStateMembership(userOf(req), schoolId, type));
    res.status(outcome.kind === "created" ? 201 : 200).json({ success: true, details: outcome.membership });
  });

  router.post("/account/manual-benefit-usage/", signedInOnly, async (req, res) => {
    const outcome = unlessRefused(await seats.claimSeat(userOf(req), readUsage(req.body), req.ip));
    answerClaim(res, outcome.kind === "joined" ? 201 : 200, outcome.usageId, outcome.affiliationId);
  });

  router.put("/account/manual-benefit-usage/", signedInOnly, () => {
    throw new HttpError(400, USAGE_IS_NOT_EDITABLE_MESSAGE);
  });

  return router;
}

function answerClaim(res: Response, status: number, usageId: number | null, affiliationId: number): void {
  res.status(status).json({ success: true, details: { Id: usageId }, affiliation: { Id: affiliationId } });
}
