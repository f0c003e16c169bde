import { brotliDecompressSync, gunzipSync } from "node:zlib";
import request from "supertest";
import { addPerson } from "../accounts/support";
import { signedInBrowser } from "../my-account/support";
import { createTestApp, type TestApp } from "../support/test-app";
import { rawGet, seedPageCacheFixtures } from "./page-cache-support";

/*
 * The anonymous page cache (server/cache/http/page-cache.ts) on the real app, asked
 * through Express alone and through the front door (server/http/front-door.ts)
 * that the real server runs: every rule holds on both paths. X-Cache says
 * whether a page came from the cache (hit) or was rendered (miss).
 */

const instancesUrl = "/api/attendable/v1/instances/?start_date=2026-06-29&end_date=2026-07-05";

describe.each([
  { path: "Express alone", servedBy: (t: TestApp) => t.app },
  { path: "the front door", servedBy: (t: TestApp) => t.handleRequest },
])("the anonymous page cache, through $path", ({ servedBy }) => {
  let t: TestApp;
  const served = () => servedBy(t);
  beforeAll(async () => {
    t = await createTestApp();
    await seedPageCacheFixtures(t.database.db);
    await addPerson(t.database.db, { email: "member@example.org", firstName: "Priya" });
  });
  afterAll(() => t.close());

  /** A fresh address each time, so one test's kept pages do not answer another's. */
  let counter = 0;
  const fresh = (path: string) => `${path}${path.includes("?") ? "&" : "?"}t=${++counter}`;

  it("answers a visitor's repeat request from the cache, with a strong ETag, 304 on If-None-Match, and Vary", async () => {
    const url = fresh("/");
    const first = await request(served()).get(url);
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("miss");
    const second = await request(served()).get(url);
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers.vary).toBe("Accept-Encoding, Cookie");
    expect(second.headers["cache-control"]).toBe("no-cache");
    expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(second.headers["content-security-policy"]).toContain("'sha256-");

    const revalidated = await request(served()).get(url).set("If-None-Match", second.headers.etag!);
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe("");
    expect(revalidated.headers.etag).toBe(second.headers.etag);
    expect(revalidated.headers["x-cache"]).toBe("hit");
  });

  it("treats the same parameters in another order as the same page", async () => {
    await request(served()).get("/resources/?subject=drama&key_stage=ks3");
    const reordered = await request(served()).get("/resources/?key_stage=ks3&subject=drama");
    expect(reordered.headers["x-cache"]).toBe("hit");
  });

  it("sends Brotli, gzip or plain bytes by Accept-Encoding, each decompressing to the same page, each with its own ETag", async () => {
    const url = fresh("/whats-on/?date=2026-07-04");
    const plain = await rawGet(served(), url);
    const br = await rawGet(served(), url, { "Accept-Encoding": "gzip, deflate, br" });
    const gzip = await rawGet(served(), url, { "Accept-Encoding": "gzip" });
    const refusedBr = await rawGet(served(), url, { "Accept-Encoding": "br;q=0, gzip;q=0.5" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(refusedBr.headers["content-encoding"]).toBe("gzip");
    expect(br.headers["x-cache"]).toBe("hit");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    for (const response of [plain, br, gzip]) expect(response.headers.vary).toBe("Accept-Encoding, Cookie");
  });

  it("answers HEAD from the cache with the headers only", async () => {
    const url = fresh("/");
    await request(served()).get(url);
    const head = await rawGet(served(), url, { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["x-cache"]).toBe("hit");
    expect(head.body.length).toBe(0);
  });

  it("never answers a signed-in person from the cache, nor keeps their page", async () => {
    const url = fresh("/");
    const visitor = await request(served()).get(url);
    expect(visitor.text).not.toContain("Priya");
    const { agent } = await signedInBrowser(served(), "member@example.org");
    const member = await agent.get(url);
    expect(member.headers["x-cache"]).toBeUndefined();
    expect(member.headers["cache-control"]).toBe("private, no-store");
    expect(member.text).toContain("My account");
    expect(member.text).not.toBe(visitor.text);

    // A page first asked for by a signed-in person is not kept for the next visitor.
    const memberFirst = fresh("/whats-on/");
    const theirs = await agent.get(memberFirst);
    expect(theirs.headers["x-cache"]).toBeUndefined();
    const next = await request(served()).get(memberFirst);
    expect(next.headers["x-cache"]).toBe("miss");
    expect(next.text).not.toContain("My account");
  });

  it("never keeps a page that prints a CSRF token, and never one that sets a cookie", async () => {
    for (const attempt of [1, 2]) {
      const response = await request(served()).get("/account/login/");
      expect(response.status, `attempt ${attempt}`).toBe(200);
      expect(response.headers["set-cookie"]).toBeDefined();
      expect(response.headers["x-cache"]).toBeUndefined();
      expect(response.headers.etag ?? "").not.toMatch(/^"[\w-]+"$/);
      expect(response.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("keeps a resource's page for a visitor, which prints no CSRF token and sets no cookie", async () => {
    const first = await request(served()).get("/resources/macbeth-essay/");
    expect(first.status).toBe(200);
    expect(first.text).not.toContain("_csrf");
    expect(first.text).not.toContain("csrf-token");
    expect(first.headers["set-cookie"]).toBeUndefined();
    expect((await request(served()).get("/resources/macbeth-essay/")).headers["x-cache"]).toBe("hit");
  });

  it("neither answers nor keeps a request that asks for JSON, which renders without the page's context", async () => {
    const url = fresh("/");
    const asJson = await request(served()).get(url).set("Accept", "application/json");
    expect(asJson.headers["x-cache"]).toBeUndefined();
    expect((await request(served()).get(url)).headers["x-cache"]).toBe("miss");
    expect((await request(served()).get(url).set("X-Requested-With", "XMLHttpRequest")).headers["x-cache"]).toBeUndefined();
  });

  it("does not keep a page that is not found", async () => {
    await request(served()).get("/no-such-page/");
    const again = await request(served()).get("/no-such-page/");
    expect(again.status).toBe(404);
    expect(again.headers["x-cache"]).toBeUndefined();
  });

  describe("shows a content change at once", () => {
    it("a new event: the What's On week and the instances API", async () => {
      const week = "/whats-on/?date=2026-07-04";
      await request(served()).get(week);
      expect((await request(served()).get(week)).headers["x-cache"]).toBe("hit");
      const api = await request(served()).get(instancesUrl);
      expect(api.status).toBe(200);
      const apiAgain = await request(served()).get(instancesUrl).set("If-None-Match", api.headers.etag!);
      expect(apiAgain.status).toBe(304);

      const db = t.database.db;
      const hamlet = await db.selectFrom("events").selectAll().where("slug", "=", "hamlet").executeTakeFirstOrThrow();
      const { id: _id, ...fields } = hamlet;
      const { id } = await db
        .insertInto("events")
        .values({ ...fields, slug: "the-winters-tale", title: "The Winter's Tale" })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db.insertInto("event_instances").values({ event_id: id, starts_at: "2026-07-03T18:00:00.000Z", ends_at: "2026-07-03T20:00:00.000Z" }).execute();

      const page = await request(served()).get(week);
      expect(page.headers["x-cache"]).toBe("miss");
      expect(page.text).toContain("The Winter&#39;s Tale");
      const changed = await request(served()).get(instancesUrl).set("If-None-Match", api.headers.etag!);
      expect(changed.status).toBe(200);
      expect(changed.text).toContain("The Winter's Tale");
      expect(changed.headers.etag).not.toBe(api.headers.etag);
    });

    it("a published resource: /resources/ and the resource's page", async () => {
      await request(served()).get("/resources/");
      expect((await request(served()).get("/resources/")).text).not.toContain("Macbeth: not yet published");
      expect((await request(served()).get("/resources/not-yet-published/")).status).toBe(404);

      await t.database.db
        .updateTable("resources")
        .set({ published_at: new Date(Date.now() - 60_000).toISOString() })
        .where("slug", "=", "not-yet-published")
        .execute();
      expect((await request(served()).get("/resources/")).text).toContain("Macbeth: not yet published");
      expect((await request(served()).get("/resources/not-yet-published/")).status).toBe(200);

      // An edit to a kept resource page shows too.
      await request(served()).get("/resources/banquet-scene/");
      await t.database.db.updateTable("resources").set({ title: "Banquet scene, revised" }).where("slug", "=", "banquet-scene").execute();
      const edited = await request(served()).get("/resources/banquet-scene/");
      expect(edited.headers["x-cache"]).toBe("miss");
      expect(edited.text).toContain("Banquet scene, revised");
    });

    it("an edited page", async () => {
      await request(served()).get("/about-us/");
      const kept = await request(served()).get("/about-us/");
      expect(kept.headers["x-cache"]).toBe("hit");
      expect(kept.text).toContain("First words.");
      await t.database.db.updateTable("pages").set({ body_html: "<p>Second thoughts.</p>" }).where("slug", "=", "about-us").execute();
      const edited = await request(served()).get("/about-us/");
      expect(edited.text).toContain("Second thoughts.");
      expect(edited.headers.etag).not.toBe(kept.headers.etag);
    });
  });
});
