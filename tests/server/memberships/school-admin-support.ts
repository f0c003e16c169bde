import { CRM_IDS } from "../../../server/crm/crm-ids";
import type { CrmPort } from "../../../server/crm/crm-port";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { takeSeat, type SeatRole } from "../../../server/memberships/school-seats";
import type { TestApp } from "../support/test-app";

export const ids = CRM_IDS.test;

/** The embedded CRM over the test app's own database (the app builds its own over the same one). */
export function crmOf(t: TestApp): CrmPort {
  return createSqlCrm(t.database.db, ids);
}

/** A school with a membership valid for a year: `userSeats` user seats, unlimited admin seats. */
export async function addSchool(crm: CrmPort, name: string, userSeats: number | "unlimited"): Promise<{ schoolId: number; membershipId: number }> {
  const now = new Date();
  const { Id: schoolId } = await crm.createOrganisation({ LastName: name, Addresses: [{ Street1: "1 High Street", City: "Leeds", PostalCode: "LS1 1AA" }] }, now);
  const { Id: membershipId } = await crm.createMembership({
    constituentId: schoolId,
    levelId: ids.membershipLevels.stateSchool,
    initiation: now,
    expiration: new Date(now.getTime() + 365 * 24 * 60 * 60 * 1000),
    seats: [
      { benefitId: ids.seatBenefits.userSeat, available: userSeats },
      { benefitId: ids.seatBenefits.adminSeat, available: "unlimited" },
    ],
  });
  return { schoolId, membershipId };
}

/** Puts a person in a role at a school through the one seat-taking path. */
export async function join(crm: CrmPort, schoolId: number, personId: number, role: SeatRole): Promise<number> {
  const outcome = await takeSeat(crm, ids, { schoolId, personId, role, now: new Date() });
  if (outcome.kind !== "joined" && outcome.kind !== "already") throw new Error(`could not join: ${outcome.kind}`);
  return outcome.affiliation.Id;
}

export async function currentRoles(crm: CrmPort, schoolId: number, personId: number): Promise<number[]> {
  const held = await crm.affiliations({ groupConstituentId: schoolId, individualConstituentId: personId, currentAt: new Date() });
  return held.map((affiliation) => affiliation.AffiliationType.Id).sort();
}

export async function userSeatsRemaining(crm: CrmPort, membershipId: number): Promise<number> {
  const seat = (await crm.seatBenefits(membershipId)).find((benefit) => benefit.Benefit.Id === ids.seatBenefits.userSeat);
  return seat!.TotalRemaining;
}

/** The warn lines a refusal wrote. */
export function refusals(t: TestApp, rule: string) {
  return t.logLines().filter((line) => line.level === 40 && line.rule === rule);
}
