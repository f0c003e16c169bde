import { Writable } from "node:stream";
import { CRM_IDS } from "../../../server/crm/crm-ids";
import type { CrmPort } from "../../../server/crm/crm-port";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { createLogger } from "../../../server/logging";
import { createSchoolRecordsService, type SchoolRecordsService } from "../../../server/schools/records/school-records-service";
import { takeSeat } from "../../../server/schools/seats/school-seats";
import { unlessRefused } from "../../../server/http/refusals";
import { NOT_FOUND_MESSAGE } from "../../../server/schools/records/school-record-access";
import { addPerson } from "../accounts/support";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { InProcessRateLimiter } from "../../../server/rate-limit/rate-limit";

const ids = CRM_IDS.test;
const start = new Date("2026-09-01T09:00:00.000Z");
const expiry = new Date("2027-08-31T22:59:59.999Z");

describe.each(databaseEngines)("the school records service on %s", (engine) => {
  let database: TestDatabase;
  let crm: CrmPort;
  let clockNow = start;
  let log = "";
  let service: SchoolRecordsService;
  let schoolId: number;
  let viewer: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    crm = createSqlCrm(database.db, ids);
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => { log += chunk.toString(); done(); } });
    service = createSchoolRecordsService({ crm, ids, db: database.db, logger: createLogger("info", sink), rateLimiter: new InProcessRateLimiter(), clock: () => clockNow, emailVerified: async (id) => id === viewer });
    viewer = await addPerson(database.db, { email: "viewer@example.org" });
    schoolId = (await crm.createOrganisation({ LastName: "Unlimited School", Addresses: [{ Street1: "1 Road", City: "Hull", PostalCode: "HU1 1AA" }] }, start)).Id;
    await crm.createMembership({
      constituentId: schoolId,
      levelId: ids.membershipLevels.stateSchool,
      initiation: start,
      expiration: expiry,
      seats: [
        { benefitId: ids.seatBenefits.userSeat, available: "unlimited" },
        { benefitId: ids.seatBenefits.adminSeat, available: "unlimited" },
      ],
    });
    for (const email of ["a@example.org", "b@example.org"]) {
      await takeSeat(crm, ids, { schoolId, personId: await addPerson(database.db, { email }), role: "user", now: start });
    }
  });
  afterAll(() => database.dispose());

  it("counts an unlimited membership's seats in use by its current users", async () => {
    clockNow = new Date("2027-01-10T10:00:00Z");
    expect(await service.schoolCheck(viewer, { constituentId: schoolId })).toMatchObject({ totalAvailable: "unlimited", benefitUsage: 2, hasAdmin: false, type: null });
  });

  it("takes now from its clock: past the expiry the membership is the expired one", async () => {
    clockNow = new Date("2027-01-10T10:00:00Z");
    expect(unlessRefused(await service.membershipSummary(viewer, schoolId)).details).not.toBeNull();
    clockNow = new Date("2027-09-01T10:00:00Z");
    const after = unlessRefused(await service.membershipSummary(viewer, schoolId));
    expect(after.details).toBeNull();
    expect(after.expired?.ExpirationDateTime).toBe(expiry.toISOString());
    expect(await service.schoolCheck(viewer, { constituentId: schoolId })).toMatchObject({ membershipDetails: null, totalAvailable: 0 });
  });

  it("reports email verification from its source", async () => {
    expect(await service.sessionStatus({ id: viewer, email: "viewer@example.org", firstName: "Jo", lastName: "Baptiste", prefixId: -1, ownMemberships: [] })).toMatchObject({ emailVerified: true, constituentId: viewer });
  });

  it("logs a refusal at warn with who, which rule and which record, and returns a not-found refusal (as for a missing record)", async () => {
    const other = await addPerson(database.db, { email: "other@example.org" });
    const refusal = await service.constituentDetail(viewer, other);
    expect(refusal).toMatchObject({ ok: false, reason: "not-found", message: NOT_FOUND_MESSAGE });
    const line = log.split("\n").filter(Boolean).map((text) => JSON.parse(text) as Record<string, unknown>).find((entry) => entry.rule === "constituent-detail-own-only");
    expect(line).toMatchObject({ level: 40, userId: viewer, constituentId: other });
  });
});
