import { readFileSync } from "node:fs";
import { CRM_IDS } from "../../../server/crm/crm-ids";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { parseGiasEstablishments } from "../../../server/schools/gias-establishments";
import { importEstablishments } from "../../../server/schools/import-establishments";
import { SchoolRegister } from "../../../server/schools/school-register";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";

const fixture = readFileSync(new URL("../../../fixtures/content/establishments.csv", import.meta.url));
const now = new Date("2026-11-20T10:00:00.000Z");

describe.each(databaseEngines)("importing the schools register on %s", (engine) => {
  let database: TestDatabase;
  const run = (bytes: Buffer) =>
    importEstablishments(parseGiasEstablishments(bytes).establishments, {
      crm: createSqlCrm(database.db, CRM_IDS.test),
      register: new SchoolRegister(database.db),
      now,
    });
  const count = async (table: "schools" | "addresses" | "constituents") =>
    (await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  it("creates each open school as a CRM organisation with its address and register entry", async () => {
    const { establishments } = parseGiasEstablishments(fixture);
    expect(await run(fixture)).toEqual({ created: establishments.length, updated: 0, unchanged: 0, reopened: 0 });
    expect(await count("schools")).toBe(establishments.length);
    expect(await count("addresses")).toBe(establishments.length);

    const oakfield = await database.db.selectFrom("schools").selectAll().where("urn", "=", "9000001").executeTakeFirstOrThrow();
    expect(oakfield).toMatchObject({ name: "Oakfield Primary School", kind: "state" });
    const detail = await createSqlCrm(database.db, CRM_IDS.test).constituentDetail(oakfield.constituent_id);
    expect(detail).toMatchObject({ DisplayName: "Oakfield Primary School" });
    expect(detail?.Addresses[0]).toMatchObject({ Street1: "12 Orchard Lane", Street2: "Henleaze", City: "Bristol", PostalCode: "BS9 4PQ", Country: { Id: 209 } });
  });

  it("changes and duplicates nothing when run again on the same file", async () => {
    const before = await count("constituents");
    const { establishments } = parseGiasEstablishments(fixture);
    expect(await run(fixture)).toEqual({ created: 0, updated: 0, unchanged: establishments.length, reopened: 0 });
    expect(await count("constituents")).toBe(before);
  });

  it("updates a school whose name or address changed in a later register, in place", async () => {
    const changed = Buffer.from(
      fixture.toString("latin1").replace("Riverside Academy,34", "Riverside Academy Trust,34").replace("Quay Road,,,Exeter,Devon,EX2 4AN", "Canal Road,,,Exeter,Devon,EX2 8DP"),
      "latin1",
    );
    const before = await count("constituents");
    expect(await run(changed)).toMatchObject({ created: 0, updated: 1 });
    expect(await count("constituents")).toBe(before);
    const riverside = await database.db.selectFrom("schools").selectAll().where("urn", "=", "9000002").executeTakeFirstOrThrow();
    expect(riverside.name).toBe("Riverside Academy Trust");
    const detail = await createSqlCrm(database.db, CRM_IDS.test).constituentDetail(riverside.constituent_id);
    expect(detail).toMatchObject({ DisplayName: "Riverside Academy Trust" });
    expect(detail?.Addresses).toHaveLength(1);
    expect(detail?.Addresses[0]).toMatchObject({ Street1: "Canal Road", PostalCode: "EX2 8DP" });
  });
});
