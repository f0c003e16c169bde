import { readFileSync } from "node:fs";
import { CRM_IDS } from "../../../server/crm/crm-ids";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { parseGiasEstablishments } from "../../../server/schools/gias-establishments";
import { importEstablishments } from "../../../server/schools/import-establishments";
import { SchoolRegister } from "../../../server/schools/school-register";
import { createSchoolSearch } from "../../../server/schools/search/create-school-search";
import type { SchoolSearch } from "../../../server/schools/search/school-search-port";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";

const fixture = readFileSync(new URL("../../../fixtures/content/establishments.csv", import.meta.url));
const now = new Date("2026-11-20T10:00:00.000Z");

describe.each(databaseEngines)("school search on %s", (engine) => {
  let database: TestDatabase;
  let search: SchoolSearch;
  const names = async (text: string, limit = 10) => (await search.find(text, limit)).map((hit) => hit.name);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const crm = createSqlCrm(database.db, CRM_IDS.test);
    const register = new SchoolRegister(database.db);
    await importEstablishments(parseGiasEstablishments(fixture).establishments, { crm, register, now });
    const { Id } = await crm.createOrganisation({ LastName: "<b>Bold</b> & Co School", Addresses: [] }, now);
    await register.save(
      { constituent_id: Id, urn: null, kind: "independent", name: "<b>Bold</b> & Co School", street1: "1 Tag Street", street2: "", street3: "", city: "Bath", postcode: "BA1 1AA" },
      now,
    );
    search = createSchoolSearch(database.handle);
  });
  afterAll(() => database.dispose());

  it("matches every word as a prefix, and gives each hit its name, URN, address, city and postcode", async () => {
    const [hit] = await search.find("oakf prim", 5);
    expect(hit).toEqual({
      constituentId: expect.any(Number),
      name: "Oakfield Primary School",
      highlightedName: "<mark>Oakfield</mark> <mark>Primary</mark> School",
      URN: "9000001",
      type: "state",
      addressLine1: "12 Orchard Lane",
      addressLine2: "Henleaze",
      addressLine3: "",
      city: "Bristol",
      postalCode: "BS9 4PQ",
    });
    expect(await names("riverside acad")).toEqual(["Riverside Academy"]);
  });

  it("tolerates one typo in a word of five letters or more: Oakfeild finds Oakfield Primary", async () => {
    const hits = await search.find("Oakfeild", 5);
    expect(hits[0]).toMatchObject({ name: "Oakfield Primary School", highlightedName: "<mark>Oakfield</mark> Primary School" });
    expect(await names("hilcrest")).toContain("Hillcrest High School");
    expect(await names("oakfeil")).toContain("Oakfield Primary School");
  });

  it("puts exact matches before typo matches, and takes no typo in short words", async () => {
    expect(await names("okf")).toEqual([]);
    const hits = await names("bristol", 50);
    expect(hits.length).toBeGreaterThan(1);
  });

  it("puts the school with that exact URN first", async () => {
    const [first] = await search.find("9000004", 5);
    expect(first).toMatchObject({ URN: "9000004", name: "St Catherine's College", type: "independent-school" });
  });

  it("ignores accents and case: llandaf finds Llandâf", async () => {
    expect(await names("LLANDAF INF")).toContain("Llandâf Infant School");
  });

  it("ignores apostrophes both ways: st catherines and St Catherine's find the same school, marked whole", async () => {
    const [typed] = await search.find("st catherines college", 5);
    expect(typed).toMatchObject({ URN: "9000004", highlightedName: "<mark>St</mark> <mark>Catherine&#39;s</mark> <mark>College</mark>" });
    expect((await search.find("St Catherine’s Coll", 5))[0]?.URN).toBe("9000004");
    expect((await search.find("st catherine college", 5))[0]?.URN).toBe("9000004");
  });

  it("finds a postcode with or without its space, in any case, and narrows to a district from its first half", async () => {
    expect((await search.find("bs9 4pq", 5))[0]?.URN).toBe("9000001");
    expect((await search.find("BS94PQ", 5))[0]?.URN).toBe("9000001");
    const district = await search.find("EX2", 10);
    expect(district.length).toBeGreaterThan(0);
    expect(district.every((hit) => hit.postalCode.startsWith("EX2"))).toBe(true);
  });

  it("forgives a typo even when the misspelling is itself a word of the register", async () => {
    const register = new SchoolRegister(database.db);
    const crm = createSqlCrm(database.db, CRM_IDS.test);
    const { Id } = await crm.createOrganisation({ LastName: "Hillcrist Nursery", Addresses: [] }, now);
    await register.save({ constituent_id: Id, urn: null, kind: "state", name: "Hillcrist Nursery", street1: "2 Lane", street2: "", street3: "", city: "Hull", postcode: "HU1 1AA" }, now);
    expect(await names("hillcrist")).toEqual(["Hillcrist Nursery", "Hillcrest High School"]);
    expect(await names("hillcrist high")).toEqual(["Hillcrest High School"]);
  });

  it("escapes names, so only the <mark> it adds is markup", async () => {
    const [hit] = await search.find("bold", 5);
    expect(hit?.highlightedName).toBe("&lt;b&gt;<mark>Bold</mark>&lt;/b&gt; &amp; Co School");
  });

  it("treats search syntax as text, and finds nothing for an empty query", async () => {
    expect(await names('" OR * NEAR ( ) : -')).toEqual([]);
    // Words only: "or" and "1" are prefixes like any other (Orchard Lane, 12), never operators.
    expect(await names("oakfield' OR 1=1 --")).toEqual(["Oakfield Primary School"]);
    expect(await names("   ")).toEqual([]);
  });

  it("answers the same terms from its cache, whatever their case and spacing", async () => {
    const first = await search.find("oak prim", 5);
    expect(await search.find("  Oak   PRIM ", 5)).toBe(first);
    expect(await search.find("oak prim", 6)).not.toBe(first);
  });

  it("keeps the index in step when a school is renamed", async () => {
    const register = new SchoolRegister(database.db);
    const riverside = (await register.byUrns(["9000002"])).get("9000002")!;
    await register.save({ ...riverside, name: "Estuary Academy" }, now);
    expect(await names("estuary")).toEqual(["Estuary Academy"]);
    expect(await names("riverside acad")).toEqual([]);
  });
});
