import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { CrmPort } from "../../../server/crm";
import { CRM_IDS } from "../../../server/crm/crm-ids";
import { readRegisterFile } from "../../../server/schools/register-file";
import { RegisterImport, TESSITURA_CONCURRENCY } from "../../../server/schools/register-import";
import { createRegisterUploads } from "../../../server/schools/register-uploads";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { standInCrm, standInSettings, TessituraStandIn } from "../crm/tessitura/stand-in";
import { giasFile, giasRow, type GiasRow } from "./register-file";

/*
 * The register import on a site whose CRM is Tessitura (docs/schools.md,
 * "Importing into Tessitura"), over the stand-in TessituraService: new
 * schools become Tessitura organisations through the CRM port, a few at a
 * time; a rerun matches each URN to its constituent and creates nothing
 * twice, even after an import that stopped half way. Every exchange keeps to
 * the vendor's Swagger description.
 */

const ids = CRM_IDS.test;
const january = new Date("2027-01-04T09:00:00.000Z");
const february = new Date("2027-02-01T09:00:00.000Z");

describe.each(databaseEngines)("importing the register into Tessitura, on %s", (engine) => {
  let database: TestDatabase;
  let standIn: TessituraStandIn;
  let baseUrl: string;
  let directory: string;
  let fileNumber = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    standIn = new TessituraStandIn();
    baseUrl = await standIn.start();
    directory = mkdtempSync(path.join(tmpdir(), "register-tessitura-"));
  });
  afterAll(async () => {
    await standIn.stop();
    await database.dispose();
    rmSync(directory, { recursive: true, force: true });
  });
  afterEach(() => {
    standIn.faults = {};
    expect(standIn.violations).toEqual([]);
  });

  const tessitura = (): CrmPort => standInCrm(baseUrl, database.db);

  /** Writes the rows as a register file and imports it as `npm run schools:import` does with CRM_PROVIDER=tessitura. */
  const importFile = async (rows: readonly GiasRow[], now: Date, crm: CrmPort = tessitura()) => {
    const file = path.join(directory, `edubasealldata-${++fileNumber}.csv`);
    writeFileSync(file, giasFile(rows));
    let written = 0;
    const run = new RegisterImport(database.db, { crm, crmProvider: "tessitura", now, scope: "register", source: path.basename(file), schoolWritten: () => written++ });
    await readRegisterFile(file, { batch: (batch) => run.batch(batch) });
    return { summary: await run.finish(), written };
  };
  const organisations = () => [...standIn.constituents.values()].filter((row) => (row.ConstituentType as { Id: number }).Id === ids.constituentTypes.organisation);
  const register = () => database.db.selectFrom("schools").select(["constituent_id", "urn", "name", "postcode"]).orderBy("urn").execute();
  const postcodesOf = (constituentId: number) =>
    [...standIn.addresses.values()].filter((row) => (row.Constituent as { Id: number }).Id === constituentId && !row.Inactive).map((row) => row.PostalCode);

  // Abbey and Beacon share a postcode, as an infant and a junior school often do.
  const abbey = giasRow("150001", "Abbey Grange Primary School", { Postcode: "WF2 6EQ" });
  const beacon = giasRow("150002", "Beacon Hill Junior School", { Postcode: "WF2 6EQ" });
  const cedar = giasRow("150003", "Cedar Lane School", { Street: "3 Cedar Lane", Town: "Leeds", Postcode: "LS1 4AP" });

  it("a first import makes each school a Tessitura organisation with its address, and the register keeps its constituent id", async () => {
    const { summary, written } = await importFile([abbey, beacon, cedar], january);
    expect(summary).toMatchObject({ created: 3, updated: 0, unchanged: 0 });
    expect(written).toBe(3);
    const rows = await register();
    expect(rows.map((row) => [row.urn, row.name])).toEqual([
      ["150001", "Abbey Grange Primary School"],
      ["150002", "Beacon Hill Junior School"],
      ["150003", "Cedar Lane School"],
    ]);
    expect(organisations()).toHaveLength(3);
    for (const row of rows) {
      expect(standIn.constituents.get(row.constituent_id)).toMatchObject({ LastName: row.name });
      expect(postcodesOf(row.constituent_id)).toEqual([row.postcode]);
    }
    // Nothing of it in the embedded CRM's tables.
    expect(await database.db.selectFrom("constituents").select("id").execute()).toEqual([]);
  });

  it("a second import with one school renamed and moved renames it and moves its address in Tessitura, and creates nothing", async () => {
    const before = await register();
    const created = organisations().length;
    const renamed = { ...cedar, EstablishmentName: "Cedar Lane Academy", Street: "5 Cedar Lane" };
    const { summary } = await importFile([abbey, beacon, renamed], february);
    expect(summary).toMatchObject({ created: 0, updated: 1, unchanged: 2, closed: 0 });
    expect(organisations()).toHaveLength(created);
    const after = await register();
    // Every URN keeps its constituent.
    expect(after.map((row) => [row.urn, row.constituent_id])).toEqual(before.map((row) => [row.urn, row.constituent_id]));
    const cedarId = after.find((row) => row.urn === "150003")!.constituent_id;
    expect(after.find((row) => row.urn === "150003")!.name).toBe("Cedar Lane Academy");
    expect(standIn.constituents.get(cedarId)).toMatchObject({ LastName: "Cedar Lane Academy" });
    expect([...standIn.addresses.values()].filter((row) => (row.Constituent as { Id: number }).Id === cedarId).map((row) => row.Street1)).toEqual(["5 Cedar Lane"]);

    // The same file again: no call writes anything.
    const sent = standIn.requests.length;
    expect((await importFile([abbey, beacon, renamed], february)).summary).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(standIn.requests.slice(sent).filter((call) => !call.startsWith("GET "))).toEqual([]);
  });

  it("writes at most TESSITURA_CONCURRENCY schools at once, and more than one", async () => {
    const schools = Array.from({ length: 12 }, (_, index) => giasRow(String(151000 + index), `Delph School ${index}`, { Postcode: `BD${index} 1AA` }));
    standIn.faults = { delayMs: 20 };
    let inFlight = 0;
    let most = 0;
    const inner = tessitura();
    const counting: CrmPort = {
      ...inner,
      async createOrganisation(organisation, now) {
        most = Math.max(most, ++inFlight);
        try {
          return await inner.createOrganisation(organisation, now);
        } finally {
          inFlight--;
        }
      },
    };
    const { summary } = await importFile([abbey, beacon, cedar, ...schools], february, counting);
    expect(summary.created).toBe(12);
    expect(most).toBe(TESSITURA_CONCURRENCY);
  });

  it("an import stopped half way can be run again: every URN gets one organisation, the ones already made are matched", async () => {
    const schools = Array.from({ length: 10 }, (_, index) => giasRow(String(152000 + index), `Elmfield School ${index}`, { Postcode: `HD${index} 2BB` }));
    const before = organisations().length;
    // Tessitura stops answering after the fifth new organisation of this import.
    const inner = tessitura();
    let made = 0;
    const failing: CrmPort = {
      ...inner,
      async createOrganisation(organisation, now) {
        if (made >= 5) throw new Error("Tessitura is unavailable");
        made++;
        return inner.createOrganisation(organisation, now);
      },
    };
    await expect(importFile(schools, february, failing)).rejects.toThrow("Tessitura is unavailable");
    expect(organisations()).toHaveLength(before + 5);
    expect((await register()).filter((row) => row.urn!.startsWith("1520"))).toHaveLength(5);

    // And one made by a run stopped after Tessitura answered but before the register was written: found by postcode and name.
    const orphan = await inner.createOrganisation(
      { LastName: "Elmfield School 9", Addresses: [{ Street1: "1 High Street", City: "Wakefield", PostalCode: "HD9 2BB", PrimaryIndicator: true }] },
      february,
    );

    const { summary } = await importFile(schools, february);
    expect(summary).toMatchObject({ created: 5, unchanged: 5 });
    expect(organisations()).toHaveLength(before + 5 + 5);
    const rows = (await register()).filter((row) => row.urn!.startsWith("1520"));
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((row) => row.constituent_id)).size).toBe(10);
    expect(rows.find((row) => row.urn === "152009")!.constituent_id).toBe(orphan.Id);
    for (const row of rows) expect(standIn.constituents.get(row.constituent_id)).toMatchObject({ LastName: row.name });
  });

  it("the back office's upload writes through Tessitura too", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "register-upload-"));
    const file = path.join(folder, "edubasealldata.csv");
    writeFileSync(file, giasFile([giasRow("153001", "Hawthorn School", { Postcode: "NE1 1AA" }), giasRow("153002", "Ivy Bank School", { Postcode: "NE2 2BB" })]));
    const uploads = createRegisterUploads({ db: database.db, crm: tessitura(), crmProvider: "tessitura", clock: () => february });
    await uploads.start({ path: file, fileName: "edubasealldata.csv", bytes: statSync(file).size }, 1);
    await uploads.idle();
    expect(await uploads.latest()).toMatchObject({ status: "done", summary: { created: 2 } });
    const rows = (await register()).filter((row) => row.urn!.startsWith("1530"));
    expect(rows.map((row) => standIn.constituents.get(row.constituent_id)?.LastName)).toEqual(["Hawthorn School", "Ivy Bank School"]);
  });
});

describe("npm run schools:import with CRM_PROVIDER=tessitura", () => {
  let standIn: TessituraStandIn;
  let baseUrl: string;
  let directory: string;

  beforeAll(async () => {
    standIn = new TessituraStandIn();
    baseUrl = await standIn.start();
    directory = mkdtempSync(path.join(tmpdir(), "register-tessitura-command-"));
  });
  afterAll(async () => {
    await standIn.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  /** Runs the command as package.json's script does, on a SQLite site whose CRM is the stand-in. */
  const runCommand = async (rows: readonly GiasRow[], name: string) => {
    const file = path.join(directory, name);
    writeFileSync(file, giasFile(rows));
    const script = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts["schools:import"]!.split(" ");
    const { stdout } = await promisify(execFile)(process.execPath, [...script.slice(1), file], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        DATABASE_URL: `sqlite:${path.join(directory, "site.sqlite")}`,
        SESSION_SECRET: "test-session-secret-not-for-production-0123456789",
        ...standInSettings(baseUrl),
      },
    });
    return stdout;
  };
  const organisationNames = () =>
    [...standIn.constituents.values()].filter((row) => (row.ConstituentType as { Id: number }).Id === ids.constituentTypes.organisation).map((row) => row.LastName);

  it("creates the organisations in Tessitura, and a second run with one school renamed renames it and creates none", { timeout: 60_000 }, async () => {
    const fir = giasRow("160001", "Fir Tree Primary School", { Postcode: "YO1 7HH" });
    const gorse = giasRow("160002", "Gorse Hill School", { Postcode: "YO2 8JJ" });
    expect(await runCommand([fir, gorse], "edubasealldata-1.csv")).toMatch(/new schools\s+2\n/);
    expect(organisationNames().sort()).toEqual(["Fir Tree Primary School", "Gorse Hill School"]);

    const second = await runCommand([fir, { ...gorse, EstablishmentName: "Gorse Hill Academy" }], "edubasealldata-2.csv");
    expect(second).toMatch(/new schools\s+0\n/);
    expect(second).toMatch(/updated\s+1\n/);
    expect(organisationNames().sort()).toEqual(["Fir Tree Primary School", "Gorse Hill Academy"]);
    expect(standIn.violations).toEqual([]);
  });
});
