import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEMO_CONTENT_DIRECTORY, seedIfEmpty } from "../../../server/content/seed";
import { CRM_IDS } from "../../../server/crm/crm-ids";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { createSchoolSearch, parseGiasEstablishments, SchoolRegister } from "../../../server/schools";
import { readRegisterFile } from "../../../server/schools/register-file";
import { RegisterImport, importRegisterIntoEmbeddedCrm } from "../../../server/schools/register-import";
import type { UrnScope } from "../../../server/schools/school-register";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { giasFile, giasRow, type GiasRow } from "./register-file";
import { readFileSync } from "node:fs";

const ids = CRM_IDS.test;
const january = new Date("2027-01-04T09:00:00.000Z");
const february = new Date("2027-02-01T09:00:00.000Z");

describe.each(databaseEngines)("refreshing the schools register on %s", (engine) => {
  let database: TestDatabase;
  let directory: string;
  let fileNumber = 0;

  /** Writes the rows as a register file and imports it as `npm run schools:import` does. */
  const importFile = async (rows: readonly GiasRow[], now: Date, scope: UrnScope = "register") => {
    const file = path.join(directory, `edubasealldata-${++fileNumber}.csv`);
    writeFileSync(file, giasFile(rows));
    const run = new RegisterImport(database.db, { crm: createSqlCrm(database.db, ids), now, scope, source: path.basename(file) });
    const report = await readRegisterFile(file, { batch: (batch) => run.batch(batch) });
    return { report, summary: await run.finish() };
  };
  const search = (text: string) => createSchoolSearch(database.handle).find(text, 10);
  const schoolByUrn = (urn: string) => database.db.selectFrom("schools").selectAll().where("urn", "=", urn).executeTakeFirst();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    directory = mkdtempSync(path.join(tmpdir(), "register-refresh-"));
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(directory, { recursive: true, force: true });
  });

  const abbey = giasRow("140001", "Abbey Grange Primary School", { SchoolWebsite: "www.abbeygrange.sch.uk" });
  const beacon = giasRow("140002", "Beacon Hill Academy", { SchoolWebsite: "https://beaconhill.wixsite.com/home" });
  const cedar = giasRow("140003", "Cedar Lane School");
  const dale = giasRow("140004", "Dale View School");

  it("a school that closes between two imports leaves search and the wizard; its record and its members' membership stay", async () => {
    const first = await importFile([abbey, beacon, cedar, dale], january);
    expect(first.summary).toMatchObject({ created: 4, closed: 0 });
    const beaconSchool = (await schoolByUrn("140002"))!;
    const cedarSchool = (await schoolByUrn("140003"))!;
    expect((await search("beacon hill")).map((hit) => hit.URN)).toEqual(["140002"]);
    const crm = createSqlCrm(database.db, ids);
    const membership = await crm.createMembership({
      constituentId: beaconSchool.constituent_id,
      levelId: ids.membershipLevels.stateSchool,
      initiation: january,
      expiration: new Date("2028-01-04T09:00:00.000Z"),
      seats: [{ benefitId: ids.seatBenefits.userSeat, available: "unlimited" }],
    });

    // February's file lists Beacon Hill as closed and no longer lists Cedar Lane at all.
    const second = await importFile([abbey, { ...beacon, "EstablishmentStatus (name)": "Closed" }, dale], february);
    expect(second.summary).toMatchObject({ created: 0, unchanged: 2, closed: 2, notOpen: 0, absentKept: 0 });

    expect(await search("beacon hill")).toEqual([]);
    expect(await search("cedar lane")).toEqual([]);
    expect((await search("abbey grange")).map((hit) => hit.URN)).toEqual(["140001"]);
    const register = new SchoolRegister(database.db);
    // The wizard reads the register: a closed school is no longer one to join.
    expect(await register.byConstituentId(beaconSchool.constituent_id)).toBeUndefined();
    expect(await register.byConstituentId(cedarSchool.constituent_id)).toBeUndefined();
    // The CRM record, and its membership, stay.
    expect(await crm.constituentDetail(beaconSchool.constituent_id)).toMatchObject({ DisplayName: "Beacon Hill Academy" });
    expect(await crm.membershipSummary(membership.Id)).toBeDefined();
    const closed = await database.db.selectFrom("closed_schools").selectAll().orderBy("urn").execute();
    expect(closed.map((row) => [row.urn, row.name, row.closed_at])).toEqual([
      ["140002", "Beacon Hill Academy", february.toISOString()],
      ["140003", "Cedar Lane School", february.toISOString()],
    ]);

    // The same file again changes nothing: a closed school listed closed again is counted, not closed twice.
    expect((await importFile([abbey, { ...beacon, "EstablishmentStatus (name)": "Closed" }, dale], february)).summary).toMatchObject({
      unchanged: 2,
      closed: 0,
      notOpen: 1,
    });
  });

  it("a closed school listed open again comes back with its old record", async () => {
    const before = (await database.db.selectFrom("closed_schools").select("constituent_id").where("urn", "=", "140003").executeTakeFirstOrThrow()).constituent_id;
    const { summary } = await importFile([abbey, { ...cedar, EstablishmentName: "Cedar Lane Community School" }, dale], february);
    expect(summary).toMatchObject({ created: 0, reopened: 1 });
    expect(await schoolByUrn("140003")).toMatchObject({ constituent_id: before, name: "Cedar Lane Community School" });
    expect((await search("cedar lane")).map((hit) => hit.URN)).toEqual(["140003"]);
    expect(await database.db.selectFrom("closed_schools").select("urn").where("urn", "=", "140003").executeTakeFirst()).toBeUndefined();
  });

  it("closes nothing for being absent when the file lists under half the register (an extract, not the register)", async () => {
    const { summary } = await importFile([abbey], february);
    expect(summary).toMatchObject({ closed: 0, absentKept: 2 });
    expect(await schoolByUrn("140004")).toBeDefined();
  });

  it("keeps each school's website and suggests an email domain, with its source, without allowing it", async () => {
    expect(await schoolByUrn("140001")).toMatchObject({
      website: "www.abbeygrange.sch.uk",
      suggested_email_domain: "abbeygrange.sch.uk",
      suggested_email_domain_source: "SchoolWebsite www.abbeygrange.sch.uk in edubasealldata-1.csv",
    });
    // A site on a shared host suggests nothing; Dale View lists no website.
    expect(await database.db.selectFrom("closed_schools").select(["website", "suggested_email_domain"]).where("urn", "=", "140002").executeTakeFirst()).toEqual({
      website: "https://beaconhill.wixsite.com/home",
      suggested_email_domain: null,
    });
    expect(await schoolByUrn("140004")).toMatchObject({ website: "", suggested_email_domain: null });
    const abbeyId = (await schoolByUrn("140001"))!.constituent_id;
    expect(await createSqlCrm(database.db, ids).attributes(abbeyId, [ids.emailDomainKeywordId])).toEqual([]);
  });

  it("keeps the demo schools and the real register apart, both intact, whichever is imported first", async () => {
    const demoFile = readFileSync(path.join(DEMO_CONTENT_DIRECTORY, "establishments.csv"));
    const demo = parseGiasEstablishments(demoFile);
    const importDemo = () =>
      importRegisterIntoEmbeddedCrm(database.db, demo.establishments, { crm: createSqlCrm(database.db, ids), now: february, scope: "demo", notOpenUrns: demo.notOpenUrns });

    // A demo school beside a real one with the old demo URN (100001 is a real school's).
    const real = giasRow("100001", "City of London School for Girls", { Town: "London", Postcode: "EC2Y 8BB" });
    await importFile([abbey, cedar, dale, real], february);
    expect((await importDemo()).created).toBe(demo.establishments.length);
    expect(await schoolByUrn("100001")).toMatchObject({ name: "City of London School for Girls" });
    expect(await schoolByUrn("9000001")).toMatchObject({ name: "Oakfield Primary School" });

    // The real register again: the demo schools are not in it, and stay open.
    const { summary } = await importFile([abbey, cedar, dale, real], february);
    expect(summary).toMatchObject({ closed: 0, created: 0 });
    expect(await schoolByUrn("9000001")).toMatchObject({ name: "Oakfield Primary School" });

    // The demo again: nothing real is renamed or closed.
    expect(await importDemo()).toMatchObject({ created: 0, updated: 0, closed: 0 });
    expect(await schoolByUrn("100001")).toMatchObject({ name: "City of London School for Girls" });

    // A demo URN in the Department's file is skipped, not written.
    const stray = await importFile([abbey, cedar, dale, real, giasRow("9000001", "Renamed By Mistake")], february);
    expect(stray.summary).toMatchObject({ outOfScope: 1, updated: 0 });
    expect(await schoolByUrn("9000001")).toMatchObject({ name: "Oakfield Primary School" });
  });
});

describe.each(databaseEngines)("the demo seed beside the real register on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  it("does not seed a database that holds only the imported register: it is not empty", async () => {
    await importRegisterIntoEmbeddedCrm(database.db, parseGiasEstablishments(giasFile([giasRow("100001", "City of London School for Girls")])).establishments, {
      crm: createSqlCrm(database.db, ids),
      now: january,
      scope: "register",
    });
    expect(await seedIfEmpty(database.db)).toBe(false);
    expect(await database.db.selectFrom("pages").select("id").executeTakeFirst()).toBeUndefined();
    expect((await database.db.selectFrom("schools").select("name").where("urn", "=", "100001").executeTakeFirstOrThrow()).name).toBe(
      "City of London School for Girls",
    );
  });
});
