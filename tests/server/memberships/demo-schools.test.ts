import { verifyPassword } from "../../../server/accounts/password-hashing";
import { DEMO_CONTENT_DIRECTORY, seedFromDirectory } from "../../../server/content/seed";
import { CRM_IDS } from "../../../server/crm/crm-ids";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { unlessRefused } from "../../../server/http/refusals";
import { createLogger } from "../../../server/logging";
import { createSchoolRecordsService, type SchoolRecordsService } from "../../../server/schools/records/school-records-service";
import { createSchoolSearch } from "../../../server/schools/search/create-school-search";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { InProcessRateLimiter } from "../../../server/rate-limit/rate-limit";

const ids = CRM_IDS.test;
const now = new Date("2026-11-21T12:00:00.000Z");

/** The demo schools of fixtures/content/schools.yaml, as the README lists them. */
describe.each(databaseEngines)("the demo schools on %s", (engine) => {
  let database: TestDatabase;
  let records: SchoolRecordsService;
  let viewerId: number;

  const idOfEmail = async (email: string) =>
    (await database.db.selectFrom("constituents").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

  async function school(name: string) {
    const hit = (await createSchoolSearch(database.handle).find(name, 10)).find((candidate) => candidate.name === name);
    expect(hit, `${name} is found by school search`).toBeDefined();
    return { hit: hit!, selected: unlessRefused(await records.schoolCheck(viewerId, { constituentId: hit!.constituentId })) };
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedFromDirectory(database.db, DEMO_CONTENT_DIRECTORY, { now });
    // A second seed changes nothing: the same people hold the same seats.
    await seedFromDirectory(database.db, DEMO_CONTENT_DIRECTORY, { now });
    records = createSchoolRecordsService({
      crm: createSqlCrm(database.db, ids),
      ids,
      db: database.db,
      logger: createLogger("silent"),
      rateLimiter: new InProcessRateLimiter(),
      clock: () => now,
    });
    viewerId = await idOfEmail("individual@example.com");
  });
  afterAll(() => database.dispose());

  it("gives the four school accounts the demo password", async () => {
    for (const email of ["teacher@riverside.sch.uk", "admin@riverside.sch.uk", "head@stcatherines.org.uk", "head@bristol0.sch.uk"]) {
      const row = await database.db
        .selectFrom("constituents")
        .innerJoin("account_credentials", "account_credentials.constituent_id", "constituents.id")
        .select("password_hash")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(await verifyPassword("Demo-pass-1!", row.password_hash!)).toBe(true);
    }
  });

  it("Oakfield Primary School: state, URN 9000001, unlimited seats, no admin", async () => {
    const { hit, selected } = await school("Oakfield Primary School");
    expect(hit).toMatchObject({ URN: "9000001", type: "state" });
    expect(selected).toMatchObject({ URN: "9000001", type: "state", totalAvailable: "unlimited", benefitUsage: 0, hasAdmin: false });
    expect(selected.membershipDetails).not.toBeNull();
    expect(await records.attributes(viewerId, hit.constituentId, undefined)).toEqual([{ Keyword: { Id: ids.emailDomainKeywordId }, Value: "oakfield.sch.uk" }]);
  });

  it("Riverside Academy: its one seat is the teacher's, and admin@riverside.sch.uk is its admin", async () => {
    const { hit, selected } = await school("Riverside Academy");
    expect(selected).toMatchObject({ URN: "9000002", type: "state", totalAvailable: 1, benefitUsage: 1, hasAdmin: true });
    const seats = unlessRefused(await records.seatBenefits(viewerId, selected.membershipDetails!.Id));
    expect(seats.find((seat) => seat.Benefit.Id === ids.seatBenefits.userSeat)).toMatchObject({ TotalAvailable: 1, TotalRemaining: 0 });
    expect(await records.attributes(viewerId, hit.constituentId, undefined)).toEqual([{ Keyword: { Id: ids.emailDomainKeywordId }, Value: "riverside.sch.uk" }]);

    const crm = createSqlCrm(database.db, ids);
    const roles = await crm.affiliations({ groupConstituentId: hit.constituentId, currentAt: now });
    expect(roles.map((role) => [role.IndividualConstituent.Id, role.AffiliationType.Id]).sort()).toEqual(
      [
        [await idOfEmail("teacher@riverside.sch.uk"), ids.affiliationTypes.user],
        [await idOfEmail("admin@riverside.sch.uk"), ids.affiliationTypes.admin],
      ].sort(),
    );
    // Each role is paid for by a seat.
    expect(roles.every((role) => role.Salary !== null)).toBe(true);
  });

  it("Hillcrest High School: state, URN 9000003, no membership", async () => {
    const { hit, selected } = await school("Hillcrest High School");
    expect(selected).toMatchObject({ URN: "9000003", type: "state", membershipDetails: null, totalAvailable: 0, hasAdmin: false });
    expect(await records.membershipSummary(viewerId, hit.constituentId)).toEqual({ details: null, expired: null });
    expect(unlessRefused(await records.attributes(viewerId, hit.constituentId, undefined)).map((attribute) => attribute.Value)).toEqual(["hillcrest.sch.uk"]);
  });

  it("St Catherine's College: independent, URN 9000004, head@stcatherines.org.uk its admin", async () => {
    const { hit, selected } = await school("St Catherine's College");
    expect(selected).toMatchObject({ URN: "9000004", type: "independent-school", hasAdmin: true });
    const admins = await createSqlCrm(database.db, ids).affiliations({ groupConstituentId: hit.constituentId, currentAt: now });
    expect(admins.map((role) => [role.IndividualConstituent.Id, role.AffiliationType.Id])).toEqual([[await idOfEmail("head@stcatherines.org.uk"), ids.affiliationTypes.admin]]);
    expect(unlessRefused(await records.attributes(viewerId, hit.constituentId, undefined)).map((attribute) => attribute.Value)).toEqual(["stcatherines.org.uk"]);
  });

  it("Bristol Primary School: state, URN 9000005, a free membership, head@bristol0.sch.uk its admin, and no email domain (teachers ask to join)", async () => {
    const { hit, selected } = await school("Bristol Primary School");
    expect(selected).toMatchObject({ URN: "9000005", type: "state", totalAvailable: "unlimited", hasAdmin: true });
    const roles = await createSqlCrm(database.db, ids).affiliations({ groupConstituentId: hit.constituentId, currentAt: now });
    expect(roles.map((role) => [role.IndividualConstituent.Id, role.AffiliationType.Id])).toEqual([[await idOfEmail("head@bristol0.sch.uk"), ids.affiliationTypes.admin]]);
    expect(unlessRefused(await records.attributes(viewerId, hit.constituentId, undefined))).toEqual([]);
  });

  it("Lisbon British School: international, in Portugal, no admin", async () => {
    const { hit, selected } = await school("Lisbon British School");
    expect(hit).toMatchObject({ URN: null, type: "international" });
    expect(selected).toMatchObject({ type: "international", country: 175, city: "Lisboa", hasAdmin: false });
    expect(selected.membershipDetails).not.toBeNull();
    expect(unlessRefused(await records.attributes(viewerId, hit.constituentId, undefined)).map((attribute) => attribute.Value)).toEqual(["lbs.pt"]);
  });

  it("keeps the demo URNs unique in the register", async () => {
    const rows = await database.db.selectFrom("schools").select("urn").where("urn", "in", ["9000001", "9000002", "9000003", "9000004"]).execute();
    expect(rows.map((row) => row.urn).sort()).toEqual(["9000001", "9000002", "9000003", "9000004"]);
  });
});
