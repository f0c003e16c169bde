import type { Kysely } from "kysely";
import type { ConstituentId, CrmIds, CrmPort } from "../../crm";
import type { Database } from "../../db/schema";
import type { Logger } from "../../logging";
import { isRefusal, refuse, Refused, settle, type Refusal } from "../../shared/refusal";
import { SchoolRegister } from "../school-register";
import { withSchoolLock } from "./seat-grants-lock";
import { stateMembershipAt } from "./seat-grants-membership";
import { refusals } from "./seat-grants-refusals";
import { takeSeat } from "./school-seats";

/** A join request approved (server/requests/): who joins which school. */
export interface ApprovedSeatRequest {
  personId: ConstituentId;
  schoolId: ConstituentId;
}

export interface ApprovedSeat {
  /** joined: a seat taken now; already: they held one (nothing new is claimed). */
  kind: "joined" | "already";
  schoolName: string;
  affiliationId: number;
  /** The free state-school membership was started by this approval. */
  membershipCreated: boolean;
}

export const approvalRefusals = {
  noSeats: (school: string) =>
    refuse("conflict", `All of ${school}'s seats are in use. Remove someone or add seats, then approve the request again.`, { rule: "seats-available" }),
  noMembership: (school: string) =>
    refuse("conflict", `${school} has no current membership to join. Renew it first, then approve the request again.`, { rule: "current-membership" }),
};

/**
 * A user seat granted because someone vouched for the person: a school's
 * admin, or staff, approving their join request. The seat follows the rules
 * the wizard applies (docs/schools.md, "The wizard's school steps"): a state
 * school in the register with no valid membership gets the free one
 * (unlimited seats, stateMembershipAt); otherwise the school's current
 * membership must have a user seat free (takeSeat, the one place a seat is
 * taken). Only the email-domain rule is left out: the approval is the grant,
 * as an invite is.
 *
 * `alongside` runs first, in the same transaction and under the school's
 * lock: the request's own record of the decision (its status, the answer,
 * the email). If it throws (a Refused: the request was decided meanwhile), or
 * the seat cannot be had, everything rolls back and the refusal is answered.
 */
export async function grantApprovedSeat(
  deps: { db: Kysely<Database>; crm: CrmPort; ids: CrmIds; logger: Logger; clock: () => Date },
  request: ApprovedSeatRequest,
  alongside: (trx: Kysely<Database>, school: { name: string }) => Promise<void>,
): Promise<ApprovedSeat | Refusal> {
  const { db, crm, ids } = deps;
  const { personId, schoolId } = request;
  const facts = { userId: personId, schoolId };
  const outcome = await settle(async () => {
    const school = await crm.constituentDetail(schoolId);
    if (school?.ConstituentType.Id !== ids.constituentTypes.organisation) throw new Refused(refusals.unknownSchool);
    const schoolName = school.DisplayName;
    const registered = await new SchoolRegister(db).byConstituentId(schoolId);
    return withSchoolLock(db, crm, schoolId, async (locked, trx): Promise<ApprovedSeat> => {
      await alongside(trx, { name: schoolName });
      // Read under the lock, as every grant does (seat-grants.ts says why).
      const now = deps.clock();
      const created = registered?.kind === "state" ? (await stateMembershipAt(locked, ids, schoolId, now)).kind === "created" : false;
      const seat = await takeSeat(locked, ids, { schoolId, personId, role: "user", now });
      if (seat.kind === "no-membership") throw new Refused(approvalRefusals.noMembership(schoolName));
      if (seat.kind === "no-seats") throw new Refused(approvalRefusals.noSeats(schoolName));
      return { kind: seat.kind, schoolName, affiliationId: seat.affiliation.Id, membershipCreated: created };
    });
  });
  if (isRefusal(outcome)) deps.logger.warn({ ...facts, rule: outcome.rule, reason: outcome.reason }, "approved seat refused");
  else deps.logger.info({ ...facts, affiliationId: outcome.affiliationId, seat: outcome.kind, membershipCreated: outcome.membershipCreated }, "join request approved: seat granted");
  return outcome;
}
