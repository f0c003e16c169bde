import type { Kysely } from "kysely";
import type { AuditLog } from "../../audit";
import type { ConstituentId, CrmIds, CrmPort } from "../../crm";
import type { Database } from "../../db/schema";
import type { Logger } from "../../logging";
import { grantApprovedSeat, type ApprovedSeat, type ApprovedSeatRequest } from "./approved-seat";
import { emailStandingAt } from "./school-email-standing";
import { withSchoolLock } from "./seat-grants-lock";
import { createStateSchoolMembership, type MembershipCreated } from "./seat-grants-membership";
import { isRefusal, type Refusal } from "../../shared/refusal";
import { refusals } from "./seat-grants-refusals";
import { currentAffiliationsAt, currentMembership, takeSeat, type SeatRole } from "./school-seats";

/** The spec's manual benefit usage, as far as the server reads it (section 3). */
export interface SeatUsageRequest {
  benefitId: number;
  constituentId: ConstituentId;
  membershipId: number;
}

export type SeatClaimed = { kind: "joined" | "already"; usageId: number | null; affiliationId: number };
export type { MembershipCreated };

/**
 * Joining a school, accepting the admin offer, and the free state-school
 * membership (accounts spec, section 4; docs/crm.md, "Seats, admins and
 * verified email"). Every rule is checked here, on the server, whatever the
 * wizard already decided; refusals are logged at warn.
 */
export interface SeatGrantsService {
  createStateMembership(personId: ConstituentId, schoolId: ConstituentId, type: unknown): Promise<MembershipCreated | Refusal>;
  /** An admin seat taken is a grant, for the audit log (with the client's `ip`). */
  claimSeat(personId: ConstituentId, usage: SeatUsageRequest, ip?: string): Promise<SeatClaimed | Refusal>;
  /**
   * A join request approved (server/requests/): a user seat by the same rules, without the email-domain rule;
   * `alongside` records the decision in the same transaction, under the school's lock (approved-seat.ts).
   */
  grantApprovedSeat(
    request: ApprovedSeatRequest,
    alongside: (trx: Kysely<Database>, school: { name: string }) => Promise<void>,
  ): Promise<ApprovedSeat | Refusal>;
}

export interface SeatGrantsDependencies {
  db: Kysely<Database>;
  crm: CrmPort;
  ids: CrmIds;
  logger: Logger;
  audit: AuditLog;
  /** The verified-email facts (server/accounts/email-verification.ts). */
  verification: {
    verifiedEmail(constituentId: ConstituentId): Promise<string | undefined>;
  };
  clock?: () => Date;
}

export function createSeatGrantsService(deps: SeatGrantsDependencies): SeatGrantsService {
  const { db, crm, ids, logger } = deps;
  const clock = deps.clock ?? (() => new Date());

  const refuse = (refusal: Refusal, facts: Record<string, unknown>): Refusal => {
    logger.warn({ ...facts, rule: refusal.rule, reason: refusal.reason }, "seat request refused");
    return refusal;
  };

  /** Verified email whose domain is one of the school's (section 4, "Domain validation"). */
  const emailRuleProblem = async (personId: ConstituentId, schoolId: ConstituentId): Promise<Refusal | undefined> => {
    const standing = await emailStandingAt(crm, ids, await deps.verification.verifiedEmail(personId), schoolId);
    return standing === "matches" ? undefined : standing === "unverified" ? refusals.unverified : refusals.domain;
  };

  /** An admin must already belong to the school, or qualify to join it now. */
  const adminRuleProblem = async (personId: ConstituentId, schoolId: ConstituentId, now: Date): Promise<Refusal | undefined> => {
    const memberTypes = new Set([ids.affiliationTypes.user, ids.affiliationTypes.teacher]);
    const held = await currentAffiliationsAt(crm, { schoolId, personId }, now);
    if (held.some((affiliation) => memberTypes.has(affiliation.AffiliationType.Id))) return undefined;
    return emailRuleProblem(personId, schoolId);
  };

  const roleOf = (benefitId: number): SeatRole | undefined =>
    benefitId === ids.seatBenefits.userSeat ? "user" : benefitId === ids.seatBenefits.adminSeat ? "admin" : undefined;

  return {
    grantApprovedSeat: (request, alongside) => grantApprovedSeat({ db, crm, ids, logger, clock }, request, alongside),

    createStateMembership: (personId, schoolId, type) =>
      createStateSchoolMembership({ db, crm, ids, refuse, emailRuleProblem }, { personId, schoolId, type }, clock()),

    async claimSeat(personId, usage, ip) {
      const now = clock();
      const facts = { userId: personId, membershipId: usage.membershipId, benefitId: usage.benefitId, constituentId: usage.constituentId };
      if (usage.constituentId !== personId) return refuse(refusals.notSelf, facts);
      const role = roleOf(usage.benefitId);
      if (!role) return refuse(refusals.unknownBenefit, facts);
      const membership = await crm.membershipSummary(usage.membershipId);
      if (!membership) return refuse(refusals.unknownMembership, facts);
      const schoolId = membership.Constituent.Id;
      const schoolFacts = { ...facts, schoolId };
      const school = await crm.constituentDetail(schoolId);
      if (school?.ConstituentType.Id !== ids.constituentTypes.organisation) return refuse(refusals.notASchool, schoolFacts);
      if ((await currentMembership(crm, schoolId, now))?.Id !== membership.Id) return refuse(refusals.notCurrent, schoolFacts);
      const problem = role === "user" ? await emailRuleProblem(personId, schoolId) : await adminRuleProblem(personId, schoolId, now);
      if (problem) return refuse(problem, schoolFacts);

      const outcome = await withSchoolLock(db, crm, schoolId, async (locked) => {
        // The clock is read again under the lock: a grant that held it first started no later than this,
        // so "current" below includes it (with the earlier reading it could start "in the future" and be missed).
        const lockedNow = clock();
        if (role === "admin") {
          // The other way in is paying (payments/fulfilment.ts, under the same lock); here only "no current admin" does.
          // Any admin not yet ended counts, whatever its start: a start "after" this reading (clocks are not
          // perfectly ordered across requests) must not let a second person in.
          const admins = (await locked.affiliations({ groupConstituentId: schoolId })).filter(
            (affiliation) =>
              affiliation.AffiliationType.Id === ids.affiliationTypes.admin &&
              affiliation.IndividualConstituent.Id !== personId &&
              (affiliation.EndDate === null || Date.parse(affiliation.EndDate) > lockedNow.getTime()),
          );
          if (admins.length > 0) return refusals.hasAdmin;
        }
        return takeSeat(locked, ids, { schoolId, personId, role, now: lockedNow });
      });
      if (isRefusal(outcome)) return refuse(outcome, schoolFacts);
      if (outcome.kind === "no-membership") return refuse(refusals.notCurrent, schoolFacts);
      if (outcome.kind === "no-seats") return refuse(refusals.noSeats, schoolFacts);
      if (outcome.kind === "joined" && role === "admin") {
        const details = { schoolId, affiliationId: outcome.affiliation.Id, via: "admin-seat" };
        await deps.audit.record({ event: "school-admin.granted", actorId: personId, subjectId: personId, ip, details });
      }
      if (outcome.kind === "joined") return { kind: "joined", usageId: outcome.benefitUsageId, affiliationId: outcome.affiliation.Id };
      return { kind: "already", usageId: outcome.affiliation.Salary, affiliationId: outcome.affiliation.Id };
    },
  };
}
