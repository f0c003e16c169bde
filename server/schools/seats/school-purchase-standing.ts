import type { Kysely } from "kysely";
import { verifiedEmailOf } from "../../accounts";
import type { ConstituentId, CrmIds, CrmPort } from "../../crm";
import type { Database } from "../../db/schema";
import type { SchoolPurchaseFacts } from "../../domain/school-purchase";
import { emailStandingAt } from "./school-email-standing";
import { currentMembership } from "./school-seats";

/**
 * The facts server/domain/school-purchase.ts decides on, read through `db` and
 * `crm`: the basket's own, or fulfilment's transaction under the school's lock.
 */
export async function schoolPurchaseFacts(
  db: Kysely<Database>,
  crm: CrmPort,
  ids: CrmIds,
  request: { schoolId: ConstituentId; personId: ConstituentId; levelId: number; numberOfUsers: number; now: Date },
): Promise<SchoolPurchaseFacts> {
  const { schoolId, personId, now } = request;
  // Not yet ended, whatever its start, as claimSeat counts admins.
  const admins = (await crm.affiliations({ groupConstituentId: schoolId })).filter(
    (affiliation) =>
      affiliation.AffiliationType.Id === ids.affiliationTypes.admin && (affiliation.EndDate === null || Date.parse(affiliation.EndDate) > now.getTime()),
  );
  const membership = await currentMembership(crm, schoolId, now);
  let current: SchoolPurchaseFacts["current"] = null;
  if (membership) {
    const seat = (await crm.seatBenefits(membership.Id)).find((benefit) => benefit.Benefit.Id === ids.seatBenefits.userSeat);
    const seats = !seat ? 0 : seat.MembershipLevelBenefit.UnlimitedIndicator ? Number.POSITIVE_INFINITY : seat.TotalAvailable;
    // The higher of the level's ceiling and the seats it actually gives: a purchase lowers neither.
    current = { ceiling: Math.max(levelCeiling(ids, membership.MembershipLevel.Id) ?? 0, seats), seatsInUse: seat ? Math.max(0, seat.TotalAvailable - seat.TotalRemaining) : 0 };
  }
  return {
    payerIsAdmin: admins.some((affiliation) => affiliation.IndividualConstituent.Id === personId),
    schoolHasAdmin: admins.length > 0,
    payerEmail: await emailStandingAt(crm, ids, await verifiedEmailOf(db, crm, personId), schoolId),
    current,
    requested: { ceiling: levelCeiling(ids, request.levelId) ?? 0, numberOfUsers: request.numberOfUsers },
  };
}

/** A school level's seat ceiling; the free state level has no ceiling. */
function levelCeiling(ids: CrmIds, levelId: number): number | undefined {
  if (levelId === ids.membershipLevels.stateSchool) return Number.POSITIVE_INFINITY;
  return ids.membershipLevels.seatLevels.find((level) => level.id === levelId)?.seats;
}
