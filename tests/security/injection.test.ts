import request from "supertest";
import { addPerson } from "../server/accounts/support";
import { seedEventFixtures } from "../server/events/event-fixtures";
import { addSchool, crmOf } from "../server/memberships/support";
import { signedInBrowser } from "../server/my-account/support";
import { seedResourceFixtures } from "../server/resources/resource-fixtures";
import { databaseEngines } from "../server/support/databases";
import { createTestApp, type TestApp } from "../server/support/test-app";

/*
 * SQL and full-text injection (ASVS 5.0 V1.2.4 parameterised queries; V2.2.1
 * input validated against expected structure) through every filter and
 * search parameter, on SQLite (FTS5) and PostgreSQL (tsquery): each answer
 * is a sane 200 or a 400 that says what to fix, never a 500, and a payload
 * that would widen a query (' OR 1=1) finds nothing it should not.
 */

const SQL_PAYLOADS = ["'", '"', "--", "' OR 1=1 --", "' OR '1'='1", "1; DROP TABLE resources; --", "%", "_", "%%", "\\", "' UNION SELECT email, password_hash FROM constituents --"];
const FTS5_PAYLOADS = ['"', '"unclosed', "*", "mac*", "NEAR(macbeth tempest)", "macbeth OR tempest", "-macbeth", "^macbeth", "title:macbeth", "{title}: x", "(", ")", "AND", "NOT"];
const TSQUERY_PAYLOADS = ["&", "|", "!", "!!", "macbeth & !tempest", "mac:*", ":*", "macbeth <-> tempest", "'", "\\:", "(("];
const PAYLOADS = [...new Set([...SQL_PAYLOADS, ...FTS5_PAYLOADS, ...TSQUERY_PAYLOADS])];

describe.each(databaseEngines)("injection through filters and searches on %s", (engine) => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof signedInBrowser>>;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    await seedResourceFixtures(t.database.db);
    await seedEventFixtures(t.database.db);
    await addSchool(t.database.db, crmOf(t), { name: "Oakfield Primary School", kind: "state", domains: ["oakfield.example"], seats: 5 });
    await addPerson(t.database.db, { email: "searcher@example.org" });
    member = await signedInBrowser(t.app, "searcher@example.org");
  }, 60_000);
  afterAll(() => t.close());

  /** Status and body for every payload; any 5xx fails with the payload named. */
  async function answers(path: string, param: string, extra: Record<string, string> = {}, agent = request(t.app)) {
    const results: { payload: string; status: number; body: unknown; text: string }[] = [];
    for (const payload of PAYLOADS) {
      const response = await agent.get(path).query({ ...extra, [param]: payload });
      expect([200, 400], `${path}?${param}=${payload} answered ${response.status}`).toContain(response.status);
      results.push({ payload, status: response.status, body: response.body, text: response.text });
    }
    return results;
  }

  it("V1.2.4 the site search (q, page) answers every SQL, FTS5 and tsquery payload without an engine error", async () => {
    const results = await answers("/search/", "q");
    for (const { text } of results) expect(text).not.toMatch(/SqliteError|syntax error|fts5|tsquery|stack/i);
    await answers("/search/", "page", { q: "macbeth" });
  });

  it("V1.2.4 the site search's ' OR 1=1 finds nothing, where a real word finds something", async () => {
    const real = await request(t.app).get("/search/").query({ q: "macbeth" });
    expect(real.text).toContain("Macbeth");
    for (const payload of ["' OR 1=1 --", "' OR '1'='1", "*", "%"]) {
      const response = await request(t.app).get("/search/").query({ q: payload });
      expect(response.text, payload).not.toContain("Macbeth essay");
      expect(response.text, payload).not.toContain("History filler");
    }
  });

  it("V1.2.4 suggestions (query) answer every payload as JSON, and ' OR 1=1 suggests nothing", async () => {
    const results = await answers("/search/autocomplete/", "query");
    for (const { body } of results) expect(body).toBeTypeOf("object");
    const widened = await request(t.app).get("/search/autocomplete/").query({ query: "' OR 1=1 --" });
    expect(JSON.stringify(widened.body)).not.toContain("Macbeth");
  });

  it("V1.2.4 the school search (query) answers every payload, and ' OR 1=1 finds no school", async () => {
    await answers("/account/school-search/", "query");
    for (const payload of ["' OR 1=1 --", "%", "_", "*"]) {
      const response = await request(t.app).get("/account/school-search/").query({ query: payload });
      expect(response.body.hits ?? [], payload).toEqual([]);
    }
  });

  it("V1.2.4 every resource facet, the duration, sort and page ignore what is not one of their values", async () => {
    const all = await request(t.app).get("/resources/");
    const count = (html: string) => (html.match(/class="card card--boxed card--resource"/g) ?? []).length;
    // Facets take repeated values: every payload at once, in each facet (one page render, not one per payload).
    for (const facet of ["key_stage", "subject", "play_or_topic", "theme"]) {
      const response = await request(t.app).get("/resources/").query({ [facet]: PAYLOADS });
      expect(response.status).toBe(200);
      // An unknown value is dropped, never matched: the same first page as no filter at all.
      expect(count(response.text)).toBe(count(all.text));
    }
    for (const param of ["duration", "sort", "page"]) {
      for (const { status, text } of await answers("/resources/", param)) {
        expect(status).toBe(200);
        expect(count(text)).toBe(count(all.text));
      }
    }
    const oneFacet = await request(t.app).get("/resources/").query({ key_stage: ["ks2", "ks2' OR '1'='1"] });
    expect(count(oneFacet.text)).toBeLessThan(count(all.text));
  });

  it("V1.2.4 the events instances API's filters and dates answer every payload, and a wildcard title matches only itself", async () => {
    const summer = { start_date: "2026-07-01", end_date: "2026-07-31" };
    for (const param of ["event_title", "genre", "venue", "event_type", "season", "series", "access_type", "fields", "start_date", "end_date"]) {
      await answers("/api/attendable/v1/instances/", param, param.endsWith("_date") ? {} : summer);
    }
    const titles = async (eventTitle: string, range: Record<string, string> = summer) => {
      const response = await request(t.app).get("/api/attendable/v1/instances/").query({ fields: "_,event_title", event_title: eventTitle, ...range });
      expect(response.status).toBe(200);
      return (response.body as { items: { event_title: string }[] }).items.map((item) => item.event_title);
    };
    expect(await titles("")).toContain("Hamlet");
    // Neither summer title holds these characters: a wildcard or a widened WHERE would find Hamlet.
    for (const payload of ["%", "_", "' OR 1=1 --", "' OR '1'='1"]) expect(await titles(payload), payload).toEqual([]);
    expect(await titles("50% off_", { start_date: "2026-10-01", end_date: "2026-12-31" })).toContain("Much Ado: 50% off_night");
  });

  it("V1.2.4 What's on (date and filters) answers every payload with a page", async () => {
    for (const param of ["date", "genre", "venue", "event_type"]) await answers("/whats-on/", param);
  });

  it("V1.2.4 the signed-in lookups (postcode search, email lookup) answer every payload without leaking a record", async () => {
    for (const { body } of await answers("/account/constituent-search/", "post", {}, member.agent)) {
      expect(body).not.toHaveProperty("Id");
    }
    for (const { text } of await answers("/account/lookup/", "email")) {
      expect(text).not.toContain("searcher@example.org");
    }
  });
});
