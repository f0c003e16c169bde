import { CRM_IDS } from "../../../server/crm/crm-ids";
import type { CrmPort } from "../../../server/crm/crm-port";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";

/*
 * CrmPort.membershipFigures, the back office dashboard's counts (issue 28),
 * on both databases: who is a member now (their own membership, or a current
 * role at a school with a current one, each person once), schools with a
 * current membership, and memberships ending within the window.
 */

const ids = CRM_IDS.test;
const now = new Date("2026-11-20T10:00:00.000Z");
const days = (count: number) => new Date(now.getTime() + count * 24 * 60 * 60 * 1000);

describe.each(databaseEngines)("membership figures on %s", (engine) => {
  let database: TestDatabase;
  let crm: CrmPort;
  let people = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    crm = createSqlCrm(database.db, ids);
  });
  afterAll(() => database.dispose());

  const person = async () => (await crm.createPerson({ FirstName: "Jo", LastName: `Baptiste ${++people}`, Phone: "", PrefixId: -1, Email: `person${people}@example.org` }, days(-400)))!.Id;
  const school = (name: string) => crm.createOrganisation({ LastName: name, Addresses: [{ Street1: "1 High Street", City: "Bristol", PostalCode: "BS1 1AA" }] }, days(-400)).then((record) => record.Id);
  const membership = (constituentId: number, expiration: Date, levelId = ids.membershipLevels.individual) =>
    crm.createMembership({ constituentId, levelId, initiation: days(-300), expiration, seats: [] });
  const role = (schoolId: number, personId: number, endDate: Date | null = null, type = ids.affiliationTypes.teacher) =>
    crm.createAffiliation({ affiliationTypeId: type, groupConstituentId: schoolId, individualConstituentId: personId, startDate: days(-200), endDate, benefitUsageId: null }, days(-200));

  it("counts each member once, schools with a current membership, and memberships ending within the window", async () => {
    const current = await school("Riverside Academy");
    const lapsed = await school("Hillcrest School");
    const endingSoon = await school("Oakfield Primary");
    await membership(current, days(200), ids.membershipLevels.stateSchool);
    // A second current membership of the same school: still one school.
    await membership(current, days(100), ids.membershipLevels.seatLevels[1]!.id);
    await membership(lapsed, days(-5), ids.membershipLevels.stateSchool);
    await membership(endingSoon, days(10), ids.membershipLevels.stateSchool);

    const ownMember = await person();
    await membership(ownMember, days(365));
    const throughSchool = await person();
    await membership(throughSchool, days(-30));
    await role(current, throughSchool);
    const bothWays = await person();
    await membership(bothWays, days(365));
    await role(current, bothWays, null, ids.affiliationTypes.admin);
    const atLapsedSchool = await person();
    await role(lapsed, atLapsedSchool);
    const roleEnded = await person();
    await role(current, roleEnded, days(-1));
    const endingMember = await person();
    await membership(endingMember, days(20));
    const erased = await person();
    await membership(erased, days(365));
    await role(current, erased);
    await crm.erasePerson(erased, days(-2));

    expect(await crm.membershipFigures(now, days(30))).toEqual({
      // ownMember, throughSchool, bothWays, endingMember: not the lapsed school's teacher, the one whose role ended, or the erased.
      members: 4,
      schoolsWithCurrentMembership: 2,
      // Oakfield's and endingMember's; Riverside's and ownMember's end later, Hillcrest's has ended.
      membershipsExpiring: 2,
    });
    // A day later the window starts later; in 15 days Oakfield's has ended.
    expect(await crm.membershipFigures(days(15), days(45))).toEqual({ members: 4, schoolsWithCurrentMembership: 1, membershipsExpiring: 1 });
  });
});
