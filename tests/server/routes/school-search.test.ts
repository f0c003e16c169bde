import { readFileSync } from "node:fs";
import { refusalSchema } from "../../../contracts/shapes/refusal";
import { schoolSearchAnswerSchema } from "../../../contracts/shapes/schools";
import request from "supertest";
import { CRM_IDS } from "../../../server/crm/crm-ids";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { parseGiasEstablishments } from "../../../server/schools/gias-establishments";
import { importEstablishments } from "../../../server/schools/import-establishments";
import { SchoolRegister } from "../../../server/schools/school-register";
import { createTestApp, type TestApp } from "../support/test-app";
import { postgresAdminUrl } from "../support/databases";
import { connectTestRedis, redisTestUrl, type TestRedis } from "../support/redis";

const fixture = readFileSync(new URL("../../../fixtures/content/establishments.csv", import.meta.url));

async function importFixtureRegister(t: TestApp): Promise<void> {
  const { db } = t.database;
  await importEstablishments(parseGiasEstablishments(fixture).establishments, {
    crm: createSqlCrm(db, CRM_IDS.test),
    register: new SchoolRegister(db),
    now: new Date(),
  });
}

describe("GET /account/school-search/", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await importFixtureRegister(testApp);
  });
  afterAll(() => testApp.close());

  it("answers the matching schools with highlighted names, without starting a session", async () => {
    const response = await request(testApp.app).get("/account/school-search/").query({ query: "Oakfeild" }).expect(200);
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.body.hits[0]).toMatchObject({ name: "Oakfield Primary School", URN: "9000001", highlightedName: "<mark>Oakfield</mark> Primary School" });
    expect(response.body.hits.length).toBeLessThanOrEqual(10);
    // The answer is the contract the wizard is typed against (contracts/shapes/schools.ts).
    expect(schoolSearchAnswerSchema.parse(response.body).hits.length).toBeGreaterThan(0);
  });

  it("answers no hits for an empty query", async () => {
    expect((await request(testApp.app).get("/account/school-search/").expect(200)).body).toEqual({ hits: [] });
    expect((await request(testApp.app).get("/account/school-search/?query=%20%20").expect(200)).body).toEqual({ hits: [] });
  });

  it("takes 512 characters, and refuses 513 with a message that says the limit", async () => {
    await request(testApp.app).get("/account/school-search/").query({ query: "a".repeat(512) }).expect(200);
    const response = await request(testApp.app).get("/account/school-search/").query({ query: "a".repeat(513) }).expect(400);
    expect(response.body).toEqual({ success: false, errors: { query: ["Search text must be 512 characters or fewer."] } });
    expect(refusalSchema.safeParse(response.body).success).toBe(true);
  });

  it("refuses the query sent twice", async () => {
    const response = await request(testApp.app).get("/account/school-search/?query=a&query=b").expect(400);
    expect(response.body.errors.query).toEqual(["Send the search text once, as plain text."]);
  });

  it("answers a JSON 503 with Retry-After while the database is out of reach, and a 500 for anything else", async () => {
    const find = vi.spyOn(testApp.services.features.schoolSearch, "find");
    find.mockRejectedValueOnce(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
    const outage = await request(testApp.app).get("/account/school-search/").query({ query: "Brookside" }).expect(503);
    expect(outage.headers["retry-after"]).toBe("30");
    expect(outage.body).toEqual({ success: false, errors: { __all__: ["School search is unavailable just now. Please try again in a moment."] } });
    find.mockRejectedValueOnce(new Error("a bug"));
    const bug = await request(testApp.app).get("/account/school-search/").query({ query: "Brookside" }).expect(500);
    expect(bug.headers["retry-after"]).toBeUndefined();
    find.mockRestore();
  });
});

/*
 * Issue 26: on PostgreSQL + Redis a search must cost what it costs on SQLite,
 * so none may wait on a round trip: the register's change counter comes
 * pushed over LISTEN/NOTIFY (docs/performance.md, "Pushed change counters"),
 * the index is in memory, and the front door reads no session and no rate
 * limit. Every query the app's database handle runs goes through its
 * executor; Redis says which command the app's one connection ran last.
 */
describe.runIf(postgresAdminUrl() && redisTestUrl())("school search on PostgreSQL + Redis", () => {
  let t: TestApp;
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await connectTestRedis();
    t = await createTestApp({ engine: "postgres", env: { REDIS_URL: redisTestUrl(), REDIS_KEY_PREFIX: redis.prefix } });
    await importFixtureRegister(t);
    await vi.waitFor(() => expect(t.services.contentVersions?.live).toBe(true), { timeout: 10_000 });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.dispose();
  });
  afterEach(() => vi.restoreAllMocks());

  const names = ["Oakfield Primary School", "Riverside Academy", "St Aidan's Catholic Primary School", "Norwich Church of England Primary School", "Hillcrest High School"];
  const typos = ["Oakfeild", "Rivresde Academy", "Hillcrst High", "Norwhich Church"];
  /** Different queries each round (longer prefixes, a typo, a postcode), so the answer cache gives none of them. */
  const distinctQueries = (round: number) => [...names.map((name) => name.slice(0, 5 + round)), typos[round]!, round % 2 ? "BS9 4PQ" : "bs94pq"];

  it("answers distinct searches, at the front door and in Express, with no query to PostgreSQL and no command to Redis", async () => {
    // The first search builds the index: it reads the register once.
    await request(t.handleRequest).get("/account/school-search/").query({ query: "Oak" }).expect(200);
    const executor = t.services.database.db.getExecutor();
    const queries = vi.spyOn(executor, "executeQuery");
    const appRedis = t.services.redis!;
    const appConnection = await appRedis.clientId();

    for (let round = 0; round < 4; round++) {
      for (const query of distinctQueries(round)) {
        const handler = round % 2 === 0 ? t.handleRequest : t.app;
        const response = await request(handler).get("/account/school-search/").query({ query }).expect(200);
        expect(response.body.hits.length, query).toBeGreaterThan(0);
      }
    }
    expect(queries).not.toHaveBeenCalled();
    // The app's connection has sent nothing since CLIENT ID.
    const [connection] = String(await redis.client.sendCommand(["CLIENT", "LIST", "ID", String(appConnection)])).split("\n");
    expect(connection).toContain(`id=${appConnection} `);
    expect(connection).toContain(" cmd=client|id ");
  });

  it("still follows the register: a renamed school is found under its new name once the change is pushed", async () => {
    await request(t.handleRequest).get("/account/school-search/").query({ query: "Oakfield" }).expect(200);
    await t.database.db.updateTable("schools").set({ name: "Oakfield Renamed Primary School" }).where("urn", "=", "9000001").execute();
    await vi.waitFor(
      async () => {
        const response = await request(t.handleRequest).get("/account/school-search/").query({ query: "Oakfield Renamed" }).expect(200);
        expect(response.body.hits[0]?.name).toBe("Oakfield Renamed Primary School");
      },
      { timeout: 5000, interval: 20 },
    );
  });
});
