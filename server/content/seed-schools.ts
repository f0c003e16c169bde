import type { Kysely } from "kysely";
import { CRM_IDS, type CrmEnvironment, type CrmIds, type CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import { isDemoUrn, SchoolRegister, takeSeat } from "../schools";
import { FixtureValidationError } from "./fixture-errors";
import type { SchoolFixture, SchoolMembershipFixture } from "./fixture-schema/schools";
import { membershipPeriod, upsertMembership } from "./seed-accounts";

/**
 * Gives the demo schools (schools.yaml) their email domains, membership,
 * seats and people, after the register and the accounts are in. One
 * transaction; a rerun moves the membership's dates and seat counts and adds
 * nobody twice (a person who already holds the role keeps it).
 */
export async function seedSchools(
  db: Kysely<Database>,
  crm: CrmPort,
  schools: readonly SchoolFixture[],
  options: {
    now: Date;
    seedingDate: string;
    crmEnvironment: CrmEnvironment;
    source: string;
    /** The schools and their email domains alone, no membership nor people: the demo on Tessitura (seed.ts). */
    domainsOnly?: boolean;
  },
): Promise<number> {
  const ids = CRM_IDS[options.crmEnvironment];
  const seed = async (trx: Kysely<Database>, crm: CrmPort): Promise<void> => {
    for (const school of schools) {
      const where = `${options.source}: ${school.name}`;
      const schoolId = await schoolIdOf(trx, crm, school, options.now, where);
      await crm.replaceAttributes(schoolId, ids.emailDomainKeywordId, school.email_domains);
      if (options.domainsOnly) continue;
      if (school.membership) await upsertSchoolMembership(crm, ids, schoolId, school.membership, options);
      for (const person of school.people) {
        const found = await crm.findPerson(person.email);
        if (!found) throw new FixtureValidationError([`${where}: ${person.email} is not in accounts.yaml`]);
        const outcome = await takeSeat(crm, ids, { schoolId, personId: found.Id, role: person.role, now: options.now });
        if (outcome.kind === "no-membership" || outcome.kind === "no-seats") {
          throw new FixtureValidationError([`${where}: ${person.email} cannot be ${person.role}: ${outcome.kind === "no-seats" ? "no seat left" : "no current membership"}`]);
        }
      }
    }
  };
  await inTransaction(db, (trx) => crm.inTransaction((unit) => seed(trx, unit), { joining: trx }));
  return schools.length;
}

/** A register school by URN (establishments.csv); another school by its name in the register, created the first time. */
async function schoolIdOf(db: Kysely<Database>, crm: CrmPort, school: SchoolFixture, now: Date, where: string): Promise<number> {
  const register = new SchoolRegister(db);
  if (school.urn !== undefined) {
    // The demo gives domains and memberships to its own schools only, never to a real one (docs/schools.md, "Demo URNs").
    if (!isDemoUrn(school.urn)) throw new FixtureValidationError([`${where}: URN ${school.urn} is not a demo URN (9000000 to 9999999)`]);
    const found = (await register.byUrns([school.urn])).get(school.urn);
    if (!found) throw new FixtureValidationError([`${where}: no open school with URN ${school.urn} in establishments.csv`]);
    return found.constituent_id;
  }
  const known = await register.handEnteredNamed(school.name);
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
  crm: CrmPort,
  ids: CrmIds,
  schoolId: number,
  membership: SchoolMembershipFixture,
  options: { seedingDate: string },
): Promise<void> {
  const seats = [
    { benefitId: ids.seatBenefits.userSeat, available: membership.user_seats },
    { benefitId: ids.seatBenefits.adminSeat, available: membership.admin_seats },
  ];
  await upsertMembership(crm, schoolId, levelIdOf(ids, membership), membershipPeriod(membership, options.seedingDate), seats);
}
