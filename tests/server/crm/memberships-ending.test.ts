import { CRM_IDS } from "../../../server/crm/crm-ids";
import type { CrmPort } from "../../../server/crm/crm-port";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";

/* CrmPort.membershipsEndingBetween, what the membership reminders look at (issue 29), on both databases. */

const ids = CRM_IDS.test;
const now = new Date("2026-11-20T10:00:00.000Z");
const days = (count: number) => new Date(now.getTime() + count * 24 * 60 * 60 * 1000);

describe.each(databaseEngines)("memberships ending between two instants on %s", (engine) => {
  let database: TestDatabase;
  let crm: CrmPort;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    crm = createSqlCrm(database.db, ids);
  });
  afterAll(() => database.dispose());

  it("answers those expiring after `from` and by `to`, by expiry, with whose they are, leaving out erased people", async () => {
    const person = (await crm.createPerson({ FirstName: "Jo", LastName: "Baptiste", Phone: "", PrefixId: -1, Email: "jo@example.org" }, days(-400)))!.Id;
    const erased = (await crm.createPerson({ FirstName: "Al", LastName: "Gone", Phone: "", PrefixId: -1, Email: "al@example.org" }, days(-400)))!.Id;
    const school = (await crm.createOrganisation({ LastName: "Oakfield Primary", Addresses: [{ Street1: "1 High Street", City: "Bristol", PostalCode: "BS1 1AA" }] }, days(-400))).Id;
    const membership = async (constituentId: number, expiration: Date) =>
      (await crm.createMembership({ constituentId, levelId: ids.membershipLevels.individual, initiation: days(-300), expiration, seats: [] })).Id;
    const atFrom = await membership(person, days(0));
    const schoolSoon = await membership(school, days(10));
    const personSoon = await membership(person, days(3));
    const atTo = await membership(person, days(30));
    await membership(person, days(31));
    await membership(erased, days(5));
    await crm.erasePerson(erased, now);

    const ending = await crm.membershipsEndingBetween(days(0), days(30));
    expect(ending.map((membership) => membership.Id)).toEqual([personSoon, schoolSoon, atTo]);
    expect(ending.map((membership) => membership.ConstituentType.Id)).toEqual([
      ids.constituentTypes.individual,
      ids.constituentTypes.organisation,
      ids.constituentTypes.individual,
    ]);
    expect(ending[1]).toMatchObject({ Constituent: { Id: school, DisplayName: "Oakfield Primary" }, ExpirationDateTime: days(10).toISOString() });
    expect(ending.some((membership) => membership.Id === atFrom)).toBe(false);
  });
});
