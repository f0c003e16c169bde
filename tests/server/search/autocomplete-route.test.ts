import { brotliDecompressSync } from "node:zlib";
import request from "supertest";
import { vi } from "vitest";
import { rawGet } from "../http/page-cache-support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { contentWriter } from "./search-content";

describe.each(databaseEngines)("GET /search/autocomplete/ on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    const content = contentWriter(t.database.db);
    for (let index = 1; index <= 10; index++) await content.addResource({ title: `Hamlet study ${index}`, summary: "Ghosts & battlements." });
    await content.addResource({ title: "Macbeth <b>unbound</b>", summary: "The Scottish play.", image_url: "" });
    await content.addPage({ slug: "access", title: "Access", body_html: "<p>Step-free routes to every seat.</p>" });
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const autocomplete = (query?: string) => request(t.app).get("/search/autocomplete/").query(query === undefined ? {} : { query });

  it("answers at most 8 hits, each with exactly the contract's fields", async () => {
    const response = await autocomplete("haml");
    expect(response.status).toBe(200);
    expect(response.type).toBe("application/json");
    expect(response.headers["cache-control"]).toBe("public, max-age=60");
    expect(response.headers["set-cookie"]).toBeUndefined();
    const hits = response.body.hits as Record<string, unknown>[];
    expect(hits).toHaveLength(8);
    for (const hit of hits) {
      expect(Object.keys(hit).sort()).toEqual(["excerpt", "image", "objectID", "title", "url"]);
      expect(hit.objectID).toMatch(/^resource:\d+$/);
      expect(hit.url).toMatch(/^\/resources\/resource-\d+\/$/);
      expect(hit.image).toMatch(/^\/static\//);
      expect(hit.excerpt).toBe("Ghosts &amp; battlements. Body.");
    }
  });

  it("leaves image out when a hit has none, and keeps the title plain text", async () => {
    const { body } = await autocomplete("scottish");
    expect(body.hits).toEqual([
      { objectID: "resource:11", title: "Macbeth <b>unbound</b>", url: "/resources/resource-11/", excerpt: "The <mark>Scottish</mark> play. Body." },
    ]);
    const page = await autocomplete("step free");
    expect(page.body.hits).toEqual([{ objectID: expect.stringMatching(/^page:\d+$/), title: "Access", url: "/access/", excerpt: "<mark>Step</mark>-<mark>free</mark> routes to every seat." }]);
  });

  it.each([[""], ["   "], ["\t\n"], [undefined]])("answers no hits and does no search work for %j", async (query) => {
    const suggest = vi.spyOn(t.services.siteSearch, "suggest");
    const response = await autocomplete(query);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ hits: [] });
    expect(suggest).not.toHaveBeenCalled();
  });

  it("accepts 256 characters and refuses 257 with a field error", async () => {
    const ok = await autocomplete(`${"a".repeat(251)} haml`);
    expect(ok.status).toBe(200);
    const tooLong = await autocomplete("a".repeat(257));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual({ success: false, errors: { query: ["Search text must be 256 characters or fewer."] } });
    // Counted in characters, not bytes or UTF-16 units.
    expect((await autocomplete("é".repeat(256))).status).toBe(200);
    expect((await autocomplete("😀".repeat(256))).status).toBe(200);
  });

  it("refuses a repeated query parameter", async () => {
    const response = await request(t.app).get("/search/autocomplete/?query=a&query=b");
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(response.body.errors.query).toHaveLength(1);
  });

  it.each([['"'], ['"haml'], ["haml*"], ["*"], ["NEAR(hamlet study)"], ["hamlet AND study"], ["hamlet OR x"], ["NOT"], ["-hamlet"], ["title:hamlet"], ["^haml"], ["(haml"], ["haml)"], ["'"], ["a:* & b | !c <-> d"]])(
    "answers 200 for %j, the operators reaching the engine only as separators",
    async (query) => {
      const suggest = vi.spyOn(t.services.siteSearch, "suggest");
      const response = await autocomplete(query);
      expect(response.status).toBe(200);
      expect(Array.isArray(response.body.hits)).toBe(true);
      for (const [terms] of suggest.mock.calls) for (const term of terms) expect(term).toMatch(/^[\p{L}\p{N}\p{M}]+$/u);
    },
  );

  it("finds with the operator characters stripped", async () => {
    expect((await autocomplete('"hamlet" study*')).body.hits).toHaveLength(8);
    expect((await autocomplete("title:scottish")).body.hits).toEqual([]);
    expect((await autocomplete("(scottish)")).body.hits).toHaveLength(1);
  });

  it("answers a JSON 500 and logs it when the engine fails", async () => {
    vi.spyOn(t.services.siteSearch, "suggest").mockRejectedValueOnce(new Error("index unavailable"));
    const response = await autocomplete("haml");
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ success: false, errors: { __all__: ["Suggestions are not available just now."] } });
    expect(response.headers["cache-control"] ?? "").not.toContain("public");
    expect(t.logText()).toContain("search suggestions failed");
  });

  it("answers a JSON 503 with Retry-After while the database is out of reach (docs/faults.md)", async () => {
    vi.spyOn(t.services.siteSearch, "suggest").mockRejectedValueOnce(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
    const response = await autocomplete("haml");
    expect(response.status).toBe(503);
    expect(response.headers["retry-after"]).toBe("30");
    expect(response.body).toEqual({ success: false, errors: { __all__: ["Suggestions are not available just now."] } });
  });

  it("redirects the slashless address", async () => {
    const response = await request(t.app).get("/search/autocomplete?query=haml");
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe("/search/autocomplete/?query=haml");
  });

  it("sends repeated suggestions Brotli'd to a client that accepts it, with Vary, the same JSON as sent plain", async () => {
    const url = "/search/autocomplete/?query=haml";
    const plain = await rawGet(t.app, url);
    // A small answer goes out as it is the first time it is asked for in an encoding (most are asked once), and compressed after.
    const firstAsk = await rawGet(t.app, url, { "Accept-Encoding": "gzip, br" });
    const br = await rawGet(t.app, url, { "Accept-Encoding": "gzip, br" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(firstAsk.headers["content-encoding"]).toBeUndefined();
    expect(firstAsk.headers.vary).toBe("Accept-Encoding");
    expect(firstAsk.body.equals(plain.body)).toBe(true);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  });

  it("gives a repeated answer the same ETag, answers 304 to it, and a new ETag once content changes", async () => {
    const first = await autocomplete("hamlet");
    const again = await autocomplete("hamlet");
    expect(first.headers.etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]+"$/);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.text).toBe(first.text);
    const revalidated = await autocomplete("hamlet").set("If-None-Match", first.headers.etag!);
    expect(revalidated.status).toBe(304);

    // Last in this file: it rewrites the Hamlet resources' summaries.
    await t.database.db.updateTable("resources").set({ summary: "A new one." }).where("title", "like", "Hamlet study%").execute();
    // On PostgreSQL the change reaches the app by its notification, a moment after the commit (docs/performance.md, "Pushed change counters").
    await vi.waitFor(async () => expect((await autocomplete("hamlet")).text).toContain("A new one."));
    const changed = await autocomplete("hamlet");
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(changed.text).toContain("A new one.");
  });
});
