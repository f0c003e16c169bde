import { readFileSync } from "node:fs";
import express from "express";
import request from "supertest";
import { schoolSearchAnswerSchema } from "../../../../contracts/shapes/schools";
import { loadConfig } from "../../../../server/config";
import { CRM_IDS } from "../../../../server/crm/crm-ids";
import { createSqlCrm } from "../../../../server/crm/sql-crm";
import { schoolSearchRoutes } from "../../../../server/routes/school-search";
import { parseGiasEstablishments } from "../../../../server/schools/gias-establishments";
import { importEstablishments } from "../../../../server/schools/import-establishments";
import { SchoolRegister } from "../../../../server/schools/school-register";
import { algoliaIndexingFor, createSchoolSearch, type SchoolSearch } from "../../../../server/schools";
import { createTestDatabase, type TestDatabase } from "../../support/databases";
import { recordedAlgolia, type RecordedAlgolia } from "./algolia-requester";

/*
 * The Algolia adapter (issue 30) against a recorded requester: what it sends
 * (path, key, timeouts, body), and how it maps what Algolia answers.
 */

const fixture = readFileSync(new URL("../../../../fixtures/content/establishments.csv", import.meta.url));
const searchKey = "a".repeat(32);
const adminKey = "b".repeat(32);
const config = { schoolSearch: "algolia", algoliaAppId: "TESTAPP123", algoliaSearchKey: searchKey, algoliaAdminKey: adminKey, algoliaIndexName: "schools_test" } as const;
const now = new Date("2026-11-28T10:00:00.000Z");
const PRE = "[[school-search-mark]]";
const POST = "[[/school-search-mark]]";

function algoliaHit(objectID: string, name: string, highlighted: string, extra: object = {}): object {
  return {
    objectID,
    urn: null,
    kind: "state",
    name,
    street1: "1 High Street",
    street2: "",
    street3: "",
    city: "Bristol",
    postcode: "BS1 1AA",
    _highlightResult: { name: { value: highlighted, matchLevel: "full", fullyHighlighted: false, matchedWords: ["x"] } },
    ...extra,
  };
}

describe("the Algolia school search adapter", () => {
  let database: TestDatabase;
  let algolia: RecordedAlgolia;
  let search: SchoolSearch;
  const warnings: unknown[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    await importEstablishments(parseGiasEstablishments(fixture).establishments, { crm: createSqlCrm(database.db, CRM_IDS.test), register: new SchoolRegister(database.db), now });
  });
  afterAll(() => database.dispose());
  beforeEach(() => {
    algolia = recordedAlgolia();
    warnings.length = 0;
    search = createSchoolSearch(database.handle, { config, logger: { warn: (...args: unknown[]) => warnings.push(args) }, requester: algolia.requester });
  });

  it("asks the index with the search-only key, the query's terms, our own highlight tags and the read timeouts", async () => {
    await search.find("  St Mary's   Brist", 10);
    expect(algolia.sent).toHaveLength(1);
    const [sent] = algolia.sent;
    expect(sent!.method).toBe("POST");
    expect(sent!.url.hostname).toBe("testapp123-dsn.algolia.net");
    expect(sent!.url.pathname).toBe("/1/indexes/schools_test/query");
    expect(sent!.headers["x-algolia-api-key"]).toBe(searchKey);
    expect(sent!.headers["x-algolia-application-id"]).toBe("TESTAPP123");
    expect(sent!.body).toEqual({ query: "st marys brist", hitsPerPage: 10, highlightPreTag: PRE, highlightPostTag: POST });
    expect([sent!.connectTimeout, sent!.responseTimeout]).toEqual([1_000, 2_000]);
  });

  it("maps Algolia's hits in Algolia's order, faithfully, to the wizard's contract", async () => {
    algolia.hits = [
      algoliaHit("42", "Oakfield Primary School", `${PRE}Oakfield${POST} Primary School`, { urn: "9000001", street2: "Henleaze" }),
      algoliaHit("7", "Ashton Park School", "Ashton Park School", { kind: "independent", postcode: "BS3 2JL" }),
    ];
    const hits = await search.find("oakfield", 10);
    expect(hits).toEqual([
      {
        constituentId: 42,
        name: "Oakfield Primary School",
        highlightedName: "<mark>Oakfield</mark> Primary School",
        URN: "9000001",
        type: "state",
        addressLine1: "1 High Street",
        addressLine2: "Henleaze",
        addressLine3: "",
        city: "Bristol",
        postalCode: "BS1 1AA",
      },
      expect.objectContaining({ constituentId: 7, type: "independent-school", highlightedName: "Ashton Park School", postalCode: "BS3 2JL" }),
    ]);
    expect(schoolSearchAnswerSchema.parse({ hits }).hits).toHaveLength(2);
  });

  it("escapes a hostile name and keeps only the highlight tags as marks", async () => {
    const hostile = "<img src=x onerror=alert(1)> & O'Brien's \"School\"";
    // Algolia returns the stored value unescaped, with the tags it was asked for around the match.
    algolia.hits = [algoliaHit("9", hostile, `${PRE}<img${POST} src=x onerror=alert(1)> & ${PRE}O'Brien's${POST} "School"`)];
    const [hit] = await search.find("img obriens", 10);
    expect(hit!.name).toBe(hostile);
    expect(hit!.highlightedName).toBe("<mark>&lt;img</mark> src=x onerror=alert(1)&gt; &amp; <mark>O&#39;Brien&#39;s</mark> &quot;School&quot;");
    expect(hit!.highlightedName.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
  });

  it("shows a highlight that is not the name's text (unbalanced, or other tags) escaped and unmarked", async () => {
    algolia.hits = [
      algoliaHit("1", "Oak <b>School</b>", `${PRE}Oak <b>School</b>`),
      algoliaHit("2", "Elm School", `<em>Elm</em> School`),
      algoliaHit("3", `Fake ${PRE}mark${POST} School`, `Fake ${PRE}mark${POST} School`),
    ];
    const hits = await search.find("oak", 10);
    expect(hits.map((hit) => hit.highlightedName)).toEqual(["Oak &lt;b&gt;School&lt;/b&gt;", "Elm School", `Fake ${PRE}mark${POST} School`]);
  });

  it.each(["timeout", "server-error"] as const)("answers the embedded engine's message on an Algolia %s, and logs a warning", async (fault) => {
    algolia.fault = fault;
    const logged: unknown[] = [];
    const app = express().use(schoolSearchRoutes({ schoolSearch: search, logger: { error: (...args: unknown[]) => logged.push(args) } as never }));
    const response = await request(app).get("/account/school-search/").query({ query: "Oakfield" });
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect(response.body).toEqual({ success: false, errors: { __all__: ["School search is unavailable just now. Please try again in a moment."] } });
    expect(warnings).toHaveLength(1);
    expect(logged).toHaveLength(1);
    // The client tried Algolia's other hosts before giving up.
    expect(algolia.sent.length).toBeGreaterThan(1);
    // Nothing is lost: the next search, once Algolia answers, goes through.
    algolia.fault = undefined;
    algolia.hits = [algoliaHit("42", "Oakfield Primary School", `${PRE}Oakfield${POST} Primary School`)];
    expect((await request(app).get("/account/school-search/").query({ query: "Oakfield" }).expect(200)).body.hits).toHaveLength(1);
  });
});

describe("the Algolia indexing side", () => {
  let database: TestDatabase;
  let algolia: RecordedAlgolia;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    await importEstablishments(parseGiasEstablishments(fixture).establishments, { crm: createSqlCrm(database.db, CRM_IDS.test), register: new SchoolRegister(database.db), now });
  });
  afterAll(() => database.dispose());
  beforeEach(() => {
    algolia = recordedAlgolia();
  });

  function indexing() {
    return algoliaIndexingFor(config, algolia.requester)!;
  }

  it("is not made for the embedded engine", () => {
    expect(algoliaIndexingFor({ ...config, schoolSearch: "embedded" })).toBeUndefined();
  });

  it("sends the ranking rules as index settings, with the admin key and the write timeout", async () => {
    await indexing().applySettings();
    const [sent] = algolia.sent;
    expect(sent!.method).toBe("PUT");
    expect(sent!.url.pathname).toBe("/1/indexes/schools_test/settings");
    expect(sent!.headers["x-algolia-api-key"]).toBe(adminKey);
    expect(sent!.responseTimeout).toBe(30_000);
    const settings = sent!.body as Record<string, string[] | string | number | boolean>;
    // Exact URN first: the first searchable attribute, whole and without typos.
    expect((settings.searchableAttributes as string[])[0]).toBe("urn");
    expect(settings.disablePrefixOnAttributes).toContain("urn");
    expect(settings.disableTypoToleranceOnAttributes).toContain("urn");
    // Name and town next, then postcode (typed with or without its space), then the street.
    expect((settings.searchableAttributes as string[]).slice(1)).toEqual(["unordered(name),unordered(nameWithoutApostrophes)", "city", "postcode,postcodeWithoutSpace", "street1,street2,street3"]);
    // More words matched, then closer matches (typos, proximity), then where and how exactly they matched, then ours.
    expect(settings.ranking).toEqual(["words", "typo", "proximity", "attribute", "exact", "custom"]);
    // Open state schools over other kinds; ties broken by name.
    expect(settings.customRanking).toEqual(["desc(stateSchool)", "asc(sortName)"]);
    expect(settings).toMatchObject({ typoTolerance: true, minWordSizefor1Typo: 4, minWordSizefor2Typos: 8, queryType: "prefixLast", attributesToHighlight: ["name"] });
  });

  it("pushes the schools an import wrote, and removes those it closed", async () => {
    const register = new SchoolRegister(database.db);
    const later = new Date("2026-12-28T10:00:00.000Z");
    const oakfield = (await register.byUrns(["9000001"])).get("9000001")!;
    await register.save({ ...oakfield, name: "Oakfield Primary Academy" }, later);
    const [closing] = (await register.openUrnsIn("demo")).filter((urn) => urn !== "9000001");
    const closedId = (await register.byUrns([closing!])).get(closing!)!.constituent_id;
    await register.close([closing!], later);

    expect(await indexing().pushChangesSince(database.db, later)).toEqual({ saved: 1, removed: 1 });
    const [saved, removed] = algolia.sent;
    expect(saved!.url.pathname).toBe("/1/indexes/schools_test/batch");
    expect(saved!.body).toEqual({
      requests: [
        {
          action: "addObject",
          body: {
            objectID: String(oakfield.constituent_id),
            urn: "9000001",
            kind: "state",
            name: "Oakfield Primary Academy",
            nameWithoutApostrophes: "Oakfield Primary Academy",
            street1: oakfield.street1,
            street2: oakfield.street2,
            street3: oakfield.street3,
            city: oakfield.city,
            postcode: "BS9 4PQ",
            postcodeWithoutSpace: "BS94PQ",
            stateSchool: 1,
            sortName: "oakfield primary academy",
          },
        },
      ],
    });
    expect(removed!.body).toEqual({ requests: [{ action: "deleteObject", body: { objectID: String(closedId) } }] });
  });

  it("removes a school that left the register (a merged hand-entered one), and logs rather than throws when Algolia is down", async () => {
    const errors: unknown[] = [];
    const logger = { error: (...args: unknown[]) => errors.push(args) };
    await indexing().removeLogged([77], logger as never);
    expect(algolia.sent[0]!.body).toEqual({ requests: [{ action: "deleteObject", body: { objectID: "77" } }] });
    algolia.fault = "server-error";
    await indexing().removeLogged([78], logger as never);
    expect(errors).toHaveLength(1);
  });

  it("reindexes: settings, then every open school into a temporary index moved over the live one", async () => {
    const count = await indexing().reindex(database.db);
    expect(count).toBeGreaterThan(0);
    const steps = algolia.sent.filter((sent) => sent.method !== "GET").map((sent) => `${sent.method} ${sent.url.pathname} ${(sent.body as { operation?: string } | undefined)?.operation ?? ""}`.trim());
    expect(steps[0]).toBe("PUT /1/indexes/schools_test/settings");
    expect(steps).toContain("POST /1/indexes/schools_test_tmp_" + steps.find((step) => step.includes("_tmp_"))!.split("_tmp_")[1]!.split("/")[0] + "/batch");
    expect(steps.at(-1)).toMatch(/^POST \/1\/indexes\/schools_test_tmp_\d+\/operation move$/);
    const batched = algolia.sent.filter((sent) => sent.url.pathname.endsWith("/batch")).flatMap((sent) => (sent.body as { requests: unknown[] }).requests);
    expect(batched).toHaveLength(count);
  });
});

describe("the Algolia settings", () => {
  const base = { SCHOOL_SEARCH: "algolia", ALGOLIA_APP_ID: "TESTAPP123", ALGOLIA_SEARCH_KEY: searchKey, ALGOLIA_ADMIN_KEY: adminKey, SESSION_SECRET: "s".repeat(32) };

  it("are read when SCHOOL_SEARCH=algolia, with the index named schools by default", () => {
    expect(loadConfig(base)).toMatchObject({ schoolSearch: "algolia", algoliaAppId: "TESTAPP123", algoliaIndexName: "schools" });
    expect(loadConfig({ SESSION_SECRET: "s".repeat(32) }).schoolSearch).toBe("embedded");
  });

  it.each([
    [{ SCHOOL_SEARCH: "hosted" }, /^Invalid configuration: SCHOOL_SEARCH must be "embedded" or "algolia"/],
    [{ ALGOLIA_APP_ID: undefined }, /^Invalid configuration: ALGOLIA_APP_ID is required when SCHOOL_SEARCH=algolia/],
    [{ ALGOLIA_SEARCH_KEY: undefined }, /^Invalid configuration: ALGOLIA_SEARCH_KEY is required when SCHOOL_SEARCH=algolia/],
    [{ ALGOLIA_ADMIN_KEY: "" }, /^Invalid configuration: ALGOLIA_ADMIN_KEY is required when SCHOOL_SEARCH=algolia/],
    [{ ALGOLIA_APP_ID: "not an id" }, /^Invalid configuration: ALGOLIA_APP_ID must be an Algolia application id/],
    [{ ALGOLIA_SEARCH_KEY: "short" }, /^Invalid configuration: ALGOLIA_SEARCH_KEY must be an Algolia API key/],
    [{ ALGOLIA_INDEX_NAME: "schools index" }, /^Invalid configuration: ALGOLIA_INDEX_NAME must be an index name/],
  ])("stop the start with one line naming the bad one: %o", (change, message) => {
    expect(() => loadConfig({ ...base, ...change })).toThrow(message);
    try {
      loadConfig({ ...base, ...change });
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
      expect((error as Error).message).not.toContain("short");
    }
  });
});
