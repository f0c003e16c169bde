import type { Affiliation, ConstituentId, CrmIds, CrmPort, MembershipSummary } from "../../crm";
import { membershipIsValid } from "../../domain/membership";

/*
 * Taking a seat at a school (accounts spec, section 4, "Seats"): the one
 * place that claims a seat and records the affiliation it pays for. The
 * wizard's calls and the invite link both come here once their own rule
 * (a verified email whose domain matches, or a valid invite) has passed;
 * what those rules are is the caller's business, not this module's.
 */

export type SeatRole = "user" | "admin";

export type SeatOutcome =
  | { kind: "joined"; affiliation: Affiliation; benefitUsageId: number }
  /** The person already holds this role at the school: nothing new is claimed. */
  | { kind: "already"; affiliation: Affiliation }
  | { kind: "no-membership" }
  | { kind: "no-seats" };

/** The school's membership that is valid now, the longest-running first; an expired one counts as none. */
export async function currentMembership(crm: CrmPort, schoolId: ConstituentId, now: Date): Promise<MembershipSummary | undefined> {
  const memberships = await crm.memberships(schoolId);
  return memberships.find((membership) => membershipIsValid(membership.ExpirationDateTime, now));
}

/** The person's current affiliations at the school. */
export async function currentAffiliationsAt(
  crm: CrmPort,
  query: { schoolId: ConstituentId; personId: ConstituentId },
  now: Date,
): Promise<Affiliation[]> {
  return crm.affiliations({ groupConstituentId: query.schoolId, individualConstituentId: query.personId, currentAt: now });
}

/**
 * Claims one seat of the given role's benefit and records the affiliation
 * it pays for. The claim itself is atomic (CrmPort.claimSeat); if recording
 * the affiliation fails, the seat is given back. A seat-limited affiliation
 * ends when the membership does.
 */
export async function takeSeat(
  crm: CrmPort,
  ids: CrmIds,
  request: { schoolId: ConstituentId; personId: ConstituentId; role: SeatRole; now: Date },
): Promise<SeatOutcome> {
  const { schoolId, personId, role, now } = request;
  const typeId = ids.affiliationTypes[role];
  // Not yet ended, whatever its start: a role granted by a request whose clock read a moment later is still held.
  const held = (await crm.affiliations({ groupConstituentId: schoolId, individualConstituentId: personId })).find(
    (affiliation) => affiliation.AffiliationType.Id === typeId && (affiliation.EndDate === null || Date.parse(affiliation.EndDate) > now.getTime()),
  );
  if (held) return { kind: "already", affiliation: held };

  const membership = await currentMembership(crm, schoolId, now);
  if (!membership) return { kind: "no-membership" };
  const benefitId = role === "admin" ? ids.seatBenefits.adminSeat : ids.seatBenefits.userSeat;
  const benefit = (await crm.seatBenefits(membership.Id)).find((seat) => seat.Benefit.Id === benefitId);
  if (!benefit) return { kind: "no-seats" };

  const usage = await crm.claimSeat({ membershipId: membership.Id, benefitId, constituentId: personId, usedAt: now });
  if (!usage) return { kind: "no-seats" };
  const limited = !benefit.MembershipLevelBenefit.UnlimitedIndicator && benefit.TotalAvailable > 0;
  try {
    const { Id } = await crm.createAffiliation(
      {
        affiliationTypeId: typeId,
        groupConstituentId: schoolId,
        individualConstituentId: personId,
        startDate: now,
        endDate: limited ? new Date(membership.ExpirationDateTime) : null,
        benefitUsageId: usage.Id,
      },
      now,
    );
    const affiliation = await crm.affiliation(Id);
    if (!affiliation) throw new Error(`affiliation ${Id} vanished after it was created`);
    return { kind: "joined", affiliation, benefitUsageId: usage.Id };
  } catch (error) {
    await crm.releaseSeat(usage.Id);
    throw error;
  }
}

/**
 * Ends every affiliation the person holds that has not ended yet, at every
 * school, each through CrmPort.endAffiliation, which gives its seat back: the
 * school's seat counts stay right (a deleted account).
 */
export async function leaveEverySchool(crm: CrmPort, personId: ConstituentId, now: Date): Promise<number> {
  const held = (await crm.affiliations({ individualConstituentId: personId })).filter(
    (affiliation) => affiliation.EndDate === null || Date.parse(affiliation.EndDate) > now.getTime(),
  );
  for (const affiliation of held) await crm.endAffiliation(affiliation.Id, now);
  return held.length;
}
