import type { Kysely } from "kysely";
import { CRM_IDS, type CrmEnvironment, type CrmIds } from "../crm/crm-ids";
import type { CrmPort } from "../crm/crm-port";
import { createSqlCrm } from "../crm/sql-crm";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import { takeSeat } from "../memberships/school-seats";
import { SchoolRegister } from "../schools/school-register";
import { FixtureValidationError } from "./fixture-errors";
import type { SchoolFixture, SchoolMembershipFixture } from "./fixture-schema/schools";
import { membershipPeriod } from "./seed-accounts";

/**
 * Gives the demo schools (schools.yaml) their email domains, membership,
 * seats and people, after the register and the accounts are in. One
 * transaction; a rerun moves the membership's dates and seat counts and adds
 * nobody twice (a person who already holds the role keeps it).
 */
export async function seedSchools(
  db: Kysely<Database>,
  schools: readonly SchoolFixture[],
  options: { now: Date; seedingDate: string; crmEnvironment: CrmEnvironment; source: string },
): Promise<number> {
  const ids = CRM_IDS[options.crmEnvironment];
  await inTransaction(db, async (trx) => {
    const crm = createSqlCrm(trx, ids);
    for (const school of schools) {
      const where = `${options.source}: ${school.name}`;
      const schoolId = await schoolIdOf(trx, crm, school, options.now, where);
      await crm.replaceAttributes(schoolId, ids.emailDomainKeywordId, school.email_domains);
      if (school.membership) await upsertSchoolMembership(trx, crm, ids, schoolId, school.membership, options);
      for (const person of school.people) {
        const row = await trx.selectFrom("constituents").select("id").where("email", "=", person.email).executeTakeFirst();
        if (!row) throw new FixtureValidationError([`${where}: ${person.email} is not in accounts.yaml`]);
        const outcome = await takeSeat(crm, ids, { schoolId, personId: row.id, role: person.role, now: options.now });
        if (outcome.kind === "no-membership" || outcome.kind === "no-seats") {
          throw new FixtureValidationError([`${where}: ${person.email} cannot be ${person.role}: ${outcome.kind === "no-seats" ? "no seat left" : "no current membership"}`]);
        }
      }
    }
  });
  return schools.length;
}

/** A register school by URN (establishments.csv); another school by its name in the register, created the first time. */
async function schoolIdOf(db: Kysely<Database>, crm: CrmPort, school: SchoolFixture, now: Date, where: string): Promise<number> {
  const register = new SchoolRegister(db);
  if (school.urn !== undefined) {
    const found = (await register.byUrns([school.urn])).get(school.urn);
    if (!found) throw new FixtureValidationError([`${where}: no open school with URN ${school.urn} in establishments.csv`]);
    return found.constituent_id;
  }
  const known = await db.selectFrom("schools").select("constituent_id").where("urn", "is", null).where("name", "=", school.name).executeTakeFirst();
  if (known) return known.constituent_id;
  const address = school.address!;
  const { Id } = await crm.createOrganisation(
    { LastName: school.name, Addresses: [{ Street1: address.street1, Street2: address.street2, City: address.city, PostalCode: address.postcode, CountryId: address.country }] },
    now,
  );
  await register.save(
    { constituent_id: Id, urn: null, kind: school.kind!, name: school.name, street1: address.street1, street2: address.street2, street3: "", city: address.city, postcode: address.postcode.toUpperCase() },
    now,
  );
  return Id;
}

function levelIdOf(ids: CrmIds, membership: SchoolMembershipFixture): number {
  if (membership.level === "state-school") return ids.membershipLevels.stateSchool;
  const wanted = membership.user_seats === "unlimited" ? Number.POSITIVE_INFINITY : membership.user_seats;
  const levels = ids.membershipLevels.seatLevels;
  return (levels.find((level) => level.seats >= wanted) ?? levels[levels.length - 1]!).id;
}

async function upsertSchoolMembership(
  db: Kysely<Database>,
  crm: CrmPort,
  ids: CrmIds,
  schoolId: number,
  membership: SchoolMembershipFixture,
  options: { seedingDate: string },
): Promise<void> {
  const levelId = levelIdOf(ids, membership);
  const period = membershipPeriod(membership, options.seedingDate);
  const seats = [
    { benefitId: ids.seatBenefits.userSeat, available: membership.user_seats },
    { benefitId: ids.seatBenefits.adminSeat, available: membership.admin_seats },
  ];
  // Keyed by school and level, as people's memberships are: a reseed moves the dates rather than adding a renewal.
  const existing = (await crm.memberships(schoolId)).find((candidate) => candidate.MembershipLevel.Id === levelId);
  if (!existing) {
    await crm.createMembership({ constituentId: schoolId, levelId, initiation: new Date(period.starts_at), expiration: new Date(period.expires_at), seats });
    return;
  }
  await db.updateTable("memberships").set(period).where("id", "=", existing.Id).execute();
  for (const seat of seats) {
    await db
      .updateTable("membership_benefits")
      .set({ unlimited_indicator: seat.available === "unlimited" ? 1 : 0, total_available: seat.available === "unlimited" ? 0 : seat.available })
      .where("membership_id", "=", existing.Id)
      .where("benefit_id", "=", seat.benefitId)
      .execute();
  }
}
