import { loadConfig } from "../../../server/config";
import { seedIfEmpty } from "../../../server/content/seed";
import { CRM_IDS } from "../../../server/crm/crm-ids";
import { demoTessitura } from "../../../server/feature-services";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { standInSettings, TessituraStandIn } from "../crm/tessitura/stand-in";

/*
 * The demo content on a site whose CRM is Tessitura (docs/content.md, "Demo
 * content on Tessitura"): with CRM_ENV=test the demo register's schools and
 * the demo schools' email domains go to Tessitura (here the stand-in), the
 * site's register keyed by Tessitura's ids; no accounts, memberships nor
 * roles; a production Tessitura is never written.
 */
describe.each(databaseEngines)("seeding the demo on a Tessitura site, on %s", (engine) => {
  let database: TestDatabase;
  let standIn: TessituraStandIn;
  let baseUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    standIn = new TessituraStandIn();
    baseUrl = await standIn.start();
  });
  afterAll(async () => {
    await standIn.stop();
    await database.dispose();
  });

  const config = (crmEnv: "test" | "production") =>
    loadConfig({
      NODE_ENV: "test",
      SESSION_SECRET: "test-session-secret-not-for-production-0123456789",
      ...standInSettings(baseUrl, crmEnv),
    });

  it("never writes a production Tessitura", () => {
    expect(demoTessitura(config("production"))).toBeUndefined();
  });

  it("writes the demo register's schools and their email domains to a test Tessitura, keyed there by its ids, and no people", async () => {
    expect(await seedIfEmpty(database.db, { crmProvider: "tessitura", tessitura: demoTessitura(config("test")) })).toBe(true);
    const register = await database.db.selectFrom("schools").select(["constituent_id", "urn", "name"]).execute();
    expect(register).toHaveLength(288);
    // Every school in the register is a Tessitura organisation of that name.
    for (const school of register) {
      expect(standIn.constituents.get(school.constituent_id)).toMatchObject({ LastName: school.name, ConstituentType: { Id: CRM_IDS.test.constituentTypes.organisation } });
    }
    const hillcrest = register.find((school) => school.urn === "9000003")!;
    const domains = [...standIn.attributes.values()].filter((row) => (row.Constituent as { Id: number }).Id === hillcrest.constituent_id).map((row) => row.Value);
    expect(domains).toEqual(["hillcrest.sch.uk"]);
    expect([...standIn.constituents.values()].filter((row) => (row.ConstituentType as { Id: number }).Id === CRM_IDS.test.constituentTypes.individual)).toEqual([]);
    expect(standIn.memberships.size).toBe(0);
    expect(standIn.affiliations.size).toBe(0);
    expect(await database.db.selectFrom("account_credentials").select("constituent_id").execute()).toEqual([]);
    expect(await database.db.selectFrom("constituents").select("id").execute()).toEqual([]);
    expect(standIn.violations).toEqual([]);
  });
});
