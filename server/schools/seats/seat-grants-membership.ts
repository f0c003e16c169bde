import type { Kysely } from "kysely";
import type { ConstituentId, CrmIds, CrmPort, MembershipSummary } from "../../crm";
import type { Database } from "../../db/schema";
import { SchoolRegister } from "../school-register";
import { withSchoolLock } from "./seat-grants-lock";
import type { Refusal } from "../../shared/refusal";
import { refusals } from "./seat-grants-refusals";
import { currentMembership } from "./school-seats";

export type MembershipCreated = { kind: "created" | "existing"; membership: MembershipSummary };

/** One year from `now`, to the same time of day. */
function aYearFrom(now: Date): Date {
  const expiry = new Date(now);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + 1);
  return expiry;
}

/**
 * A state school with no valid membership gets the free state level
 * (accounts spec, section 4): unlimited user and admin seats for a year.
 * Only a school in the register whose kind is state (a hand-entered school
 * has no register row, so it never qualifies), and only for someone who
 * passes the domain rule, as joining does. Idempotent: when the school
 * already has a valid membership (made by a concurrent request too: the
 * school's lock serialises them), that one is the answer.
 */
export async function createStateSchoolMembership(
  deps: {
    db: Kysely<Database>;
    crm: CrmPort;
    ids: CrmIds;
    refuse: (refusal: Refusal, facts: Record<string, unknown>) => Refusal;
    /** The domain rule (verified email, school's domain), as joining asks it. */
    emailRuleProblem: (personId: ConstituentId, schoolId: ConstituentId) => Promise<Refusal | undefined>;
  },
  request: { personId: ConstituentId; schoolId: ConstituentId; type: unknown },
  now: Date,
): Promise<MembershipCreated | Refusal> {
  const { db, ids, refuse } = deps;
  const facts = { userId: request.personId, schoolId: request.schoolId };
  if (request.type !== "state-school") return refuse(refusals.wrongType, facts);
  const registered = await new SchoolRegister(db).byConstituentId(request.schoolId);
  if (!registered) {
    const organisation = await deps.crm.constituentDetail(request.schoolId);
    return refuse(organisation?.ConstituentType.Id === ids.constituentTypes.organisation ? refusals.notStateSchool : refusals.unknownSchool, facts);
  }
  if (registered.kind !== "state") return refuse(refusals.notStateSchool, facts);
  // Starting the free year starts its clock: only someone who could join the school may (issue 22, item 7).
  const problem = await deps.emailRuleProblem(request.personId, request.schoolId);
  if (problem) return refuse(problem, facts);

  return withSchoolLock(db, deps.crm, request.schoolId, (crm) => stateMembershipAt(crm, ids, request.schoolId, now));
}

/**
 * The school's valid membership, or the free state level made now: call it
 * holding the school's lock (withSchoolLock), for a school already known to
 * be a state school in the register. Joining (above) and an approved join
 * request (approved-seat.ts) both come here.
 */
export async function stateMembershipAt(crm: CrmPort, ids: CrmIds, schoolId: ConstituentId, now: Date): Promise<MembershipCreated> {
  const existing = await currentMembership(crm, schoolId, now);
  if (existing) return { kind: "existing", membership: existing };
  const { Id } = await crm.createMembership({
    constituentId: schoolId,
    levelId: ids.membershipLevels.stateSchool,
    initiation: now,
    expiration: aYearFrom(now),
    seats: [
      { benefitId: ids.seatBenefits.userSeat, available: "unlimited" },
      { benefitId: ids.seatBenefits.adminSeat, available: "unlimited" },
    ],
  });
  const membership = await crm.membershipSummary(Id);
  if (!membership) throw new Error(`membership ${Id} vanished after it was created`);
  return { kind: "created", membership };
}
