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

const fixture = readFileSync(new URL("../../../fixtures/content/establishments.csv", import.meta.url));

describe("GET /account/school-search/", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    await importEstablishments(parseGiasEstablishments(fixture).establishments, {
      crm: createSqlCrm(db, CRM_IDS.test),
      register: new SchoolRegister(db),
      now: new Date(),
    });
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
