import { readFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import request from "supertest";
import { CRM_IDS } from "../../../server/crm/crm-ids";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { parseGiasEstablishments } from "../../../server/schools/gias-establishments";
import { importEstablishments } from "../../../server/schools/import-establishments";
import { SchoolRegister } from "../../../server/schools/school-register";
import { addPerson } from "../accounts/support";
import { signedInBrowser } from "../my-account/support";
import { createTestApp, type TestApp } from "../support/test-app";
import { rawGet, seedPageCacheFixtures, type RawResponse } from "./page-cache-support";

/*
 * The front door (server/http/front-door.ts) on the real app: what it answers
 * itself (Express is never entered: counted on the Express app's handle),
 * that those answers carry exactly the headers Express gives for the same
 * request, and that everything else reaches Express untouched.
 */

const instancesUrl = "/api/attendable/v1/instances/?start_date=2026-06-29&end_date=2026-07-05";
const establishments = readFileSync(new URL("../../../fixtures/content/establishments.csv", import.meta.url));

/** Counts the requests that reach Express: the front door calls the app, which calls app.handle. */
function countExpressEntries(t: TestApp): { readonly count: number } {
  const app = t.app as unknown as { handle: (...args: unknown[]) => unknown };
  const handle = app.handle;
  const counter = { count: 0 };
  app.handle = function countedHandle(this: unknown, ...args: unknown[]) {
    counter.count++;
    return handle.apply(this, args);
  };
  return counter;
}

/** Every header but Date, which moves with the clock. */
function headersBut(response: RawResponse | { headers: IncomingHttpHeaders }): Record<string, unknown> {
  const { date: _date, ...rest } = response.headers;
  return rest;
}

async function seedSchools(t: TestApp): Promise<void> {
  const { db } = t.database;
  await importEstablishments(parseGiasEstablishments(establishments).establishments, {
    crm: createSqlCrm(db, CRM_IDS.test),
    register: new SchoolRegister(db),
    now: new Date(),
  });
}

describe("the front door", () => {
  let t: TestApp;
  let express: { readonly count: number };
  beforeAll(async () => {
    t = await createTestApp();
    await seedPageCacheFixtures(t.database.db);
    await seedSchools(t);
    await addPerson(t.database.db, { email: "member@example.org", firstName: "Priya" });
    express = countExpressEntries(t);
  });
  afterAll(() => t.close());

  let counter = 0;
  const fresh = (path: string) => `${path}${path.includes("?") ? "&" : "?"}t=${++counter}`;

  /** Runs `ask` and says how many times Express was entered meanwhile. */
  async function expressEntriesDuring<T>(ask: () => Promise<T>): Promise<{ result: T; entries: number }> {
    const before = express.count;
    const result = await ask();
    return { result, entries: express.count - before };
  }

  it("answers /healthz, GET and HEAD, with the status, body and headers Express gives, without entering Express", async () => {
    for (const method of ["GET", "HEAD"]) {
      const viaExpress = await rawGet(t.app, "/healthz", {}, method);
      const { result: viaDoor, entries } = await expressEntriesDuring(() => rawGet(t.handleRequest, "/healthz", {}, method));
      expect(entries, method).toBe(0);
      expect(viaDoor.status).toBe(200);
      expect(viaDoor.body.equals(viaExpress.body), method).toBe(true);
      expect(headersBut(viaDoor), method).toEqual(headersBut(viaExpress));
    }
    expect((await rawGet(t.handleRequest, "/healthz")).body.toString()).toBe('{"status":"ok"}');
  });

  describe("a kept page", () => {
    it.each([
      ["Brotli", { "Accept-Encoding": "gzip, deflate, br" }],
      ["gzip, for a client that does not take Brotli", { "Accept-Encoding": "gzip, deflate" }],
      ["plain bytes, for a client that asks for no encoding", {}],
    ])("is answered without Express, %s, with the headers and bytes of Express's own hit", async (_name, encoding) => {
      const url = fresh("/whats-on/?date=2026-07-04");
      // The first visit renders (through the front door: a miss goes to Express, which keeps the page).
      const { result: first, entries: renders } = await expressEntriesDuring(() => rawGet(t.handleRequest, url, encoding));
      expect(renders).toBe(1);
      expect(first.headers["x-cache"]).toBe("miss");
      const viaExpress = await rawGet(t.app, url, encoding);
      const { result: viaDoor, entries } = await expressEntriesDuring(() => rawGet(t.handleRequest, url, encoding));
      expect(entries).toBe(0);
      expect(viaExpress.headers["x-cache"]).toBe("hit");
      expect(headersBut(viaDoor)).toEqual(headersBut(viaExpress));
      expect(viaDoor.body.equals(viaExpress.body)).toBe(true);
    });

    it("has every security header, Vary and a strong ETag, the same on both paths", async () => {
      const url = fresh("/");
      await request(t.handleRequest).get(url);
      const door = await rawGet(t.handleRequest, url, { "Accept-Encoding": "br" });
      for (const name of ["content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options", "cross-origin-opener-policy"]) {
        expect(door.headers[name], name).toBeDefined();
      }
      expect(door.headers["content-security-policy"]).toContain("'sha256-");
      expect(door.headers["x-content-type-options"]).toBe("nosniff");
      expect(door.headers.vary).toBe("Accept-Encoding, Cookie");
      expect(door.headers.etag).toMatch(/^"[\w-]+-br"$/);
      expect(door.headers["content-encoding"]).toBe("br");
      // Plain http: no HSTS on either path (the https test below has it on both).
      expect(door.headers["strict-transport-security"]).toBeUndefined();
    });

    it("answers HEAD with the headers only, as Express does", async () => {
      const url = fresh("/");
      await request(t.handleRequest).get(url);
      const viaExpress = await rawGet(t.app, url, { "Accept-Encoding": "br" }, "HEAD");
      const { result: viaDoor, entries } = await expressEntriesDuring(() => rawGet(t.handleRequest, url, { "Accept-Encoding": "br" }, "HEAD"));
      expect(entries).toBe(0);
      expect(viaDoor.status).toBe(200);
      expect(viaDoor.body.length).toBe(0);
      expect(headersBut(viaDoor)).toEqual(headersBut(viaExpress));
    });

    it("answers 304 to If-None-Match with that representation's ETag, as Express does", async () => {
      const url = fresh("/");
      const first = await rawGet(t.handleRequest, url, { "Accept-Encoding": "gzip" });
      const revalidate = { "Accept-Encoding": "gzip", "If-None-Match": String(first.headers.etag) };
      const viaExpress = await rawGet(t.app, url, revalidate);
      const { result: viaDoor, entries } = await expressEntriesDuring(() => rawGet(t.handleRequest, url, revalidate));
      expect(entries).toBe(0);
      expect(viaDoor.status).toBe(304);
      expect(viaDoor.body.length).toBe(0);
      expect(headersBut(viaDoor)).toEqual(headersBut(viaExpress));
      // Another representation's tag is not a match: the Brotli page is sent.
      const other = await rawGet(t.handleRequest, url, { "Accept-Encoding": "br", "If-None-Match": String(first.headers.etag) });
      expect(other.status).toBe(200);
      expect(other.headers["content-encoding"]).toBe("br");
    });
  });

  describe("leaves to Express", () => {
    it("a request with a session cookie, which gets the signed-in page", async () => {
      const url = fresh("/");
      await request(t.handleRequest).get(url);
      const { agent } = await signedInBrowser(t.handleRequest, "member@example.org");
      const { result: member, entries } = await expressEntriesDuring(() => agent.get(url));
      expect(entries).toBe(1);
      expect(member.headers["x-cache"]).toBeUndefined();
      expect(member.headers["cache-control"]).toBe("private, no-store");
      expect(member.text).toContain("My account");
    });

    it("a page with a CSRF token, which sets a cookie and is never kept", async () => {
      for (const attempt of [1, 2]) {
        const { result: page, entries } = await expressEntriesDuring(() => request(t.handleRequest).get("/account/login/"));
        expect(entries, `attempt ${attempt}`).toBe(1);
        expect(page.headers["set-cookie"]).toBeDefined();
        expect(page.headers["x-cache"]).toBeUndefined();
      }
    });

    it("a POST, a first visit, a JSON ask and /readyz", async () => {
      const url = fresh("/");
      const asks = [
        () => request(t.handleRequest).post(url).type("form").send({ a: "1" }),
        () => request(t.handleRequest).get(url),
        () => request(t.handleRequest).get(url).set("Accept", "application/json"),
        () => request(t.handleRequest).get("/readyz"),
        () => request(t.handleRequest).get("/no-such-page/"),
      ];
      for (const [index, ask] of asks.entries()) expect((await expressEntriesDuring(ask)).entries, `ask ${index}`).toBe(1);
    });
  });

  it("gives kept instances API answers, suggestions and school search, with Express's headers and bytes", async () => {
    for (const url of [instancesUrl, "/search/autocomplete/?query=haml", "/account/school-search/?query=Oakfeild"]) {
      const encodings: Record<string, string>[] = [{ "Accept-Encoding": "br, gzip" }, { "Accept-Encoding": "gzip" }, {}];
      for (const encoding of encodings) {
        const first = await expressEntriesDuring(() => rawGet(t.handleRequest, url, encoding));
        const viaExpress = await rawGet(t.app, url, encoding);
        const { result: viaDoor, entries } = await expressEntriesDuring(() => rawGet(t.handleRequest, url, encoding));
        expect(first.result.status, url).toBe(200);
        expect(entries, url).toBe(0);
        expect(headersBut(viaDoor), url).toEqual(headersBut(viaExpress));
        expect(viaDoor.body.equals(viaExpress.body), url).toBe(true);
      }
      // 304 on revalidation, and a session cookie goes to Express.
      const kept = await rawGet(t.handleRequest, url, { "Accept-Encoding": "br" });
      const { result: notModified, entries } = await expressEntriesDuring(() =>
        rawGet(t.handleRequest, url, { "Accept-Encoding": "br", "If-None-Match": String(kept.headers.etag) }),
      );
      expect(notModified.status, url).toBe(304);
      expect(entries, url).toBe(0);
      expect((await expressEntriesDuring(() => rawGet(t.handleRequest, url, { Cookie: "sid=s%3Aabc" }))).entries, url).toBe(1);
    }
  });

  it("shows a new event at once in the instances API it had kept", async () => {
    const kept = await request(t.handleRequest).get(instancesUrl);
    expect((await expressEntriesDuring(() => request(t.handleRequest).get(instancesUrl))).entries).toBe(0);
    const db = t.database.db;
    const hamlet = await db.selectFrom("events").selectAll().where("slug", "=", "hamlet").executeTakeFirstOrThrow();
    const { id: _id, ...fields } = hamlet;
    const { id } = await db.insertInto("events").values({ ...fields, slug: "pericles", title: "Pericles" }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("event_instances").values({ event_id: id, starts_at: "2026-07-02T18:00:00.000Z", ends_at: "2026-07-02T20:00:00.000Z" }).execute();
    const { result: changed, entries } = await expressEntriesDuring(() => request(t.handleRequest).get(instancesUrl).set("If-None-Match", kept.headers.etag!));
    expect(entries).toBe(1);
    expect(changed.status).toBe(200);
    expect(changed.text).toContain("Pericles");
  });

  it("logs a page and an instances API answer it gives as Express logs them, and leaves suggestions unlogged as Express does", async () => {
    const lines = () => t.logLines().filter((line) => line.msg === "request completed");
    const page = fresh("/");
    await request(t.handleRequest).get(page);
    for (const url of [page, instancesUrl]) {
      await request(t.handleRequest).get(url);
      const before = lines().length;
      await request(t.app).get(url);
      const { entries } = await expressEntriesDuring(() => request(t.handleRequest).get(url));
      expect(entries, url).toBe(0);
      const [fromExpress, fromDoor] = lines().slice(before);
      expect(fromDoor, url).toBeDefined();
      const shape = (line: Record<string, unknown>) => {
        const { time: _time, responseTime: _responseTime, req, ...rest } = line;
        const { id: _id, remoteAddress: _remoteAddress, ...request } = req as Record<string, unknown>;
        return { ...rest, req: request, fields: Object.keys(line).sort(), reqFields: Object.keys(req as object).sort() };
      };
      expect(shape(fromDoor!)).toEqual(shape(fromExpress!));
      expect(fromDoor).toMatchObject({ level: 30, req: { method: "GET", url }, res: { statusCode: 200 } });
    }
    await request(t.handleRequest).get("/search/autocomplete/?query=haml");
    const before = lines().length;
    await request(t.handleRequest).get("/search/autocomplete/?query=haml");
    await request(t.handleRequest).get("/healthz");
    expect(lines().length).toBe(before);
  });
});

describe("the front door over https", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: "https://playhouse.example" } });
    await seedPageCacheFixtures(t.database.db);
  });
  afterAll(() => t.close());

  it("sends HSTS and the upgrade directive like Express, and leaves a __Host-sid request to Express", async () => {
    const express = countExpressEntries(t);
    for (const url of ["/healthz", "/about-us/"]) {
      await rawGet(t.handleRequest, url, { "Accept-Encoding": "br" });
      const viaExpress = await rawGet(t.app, url, { "Accept-Encoding": "br" });
      const before = express.count;
      const viaDoor = await rawGet(t.handleRequest, url, { "Accept-Encoding": "br" });
      expect(express.count - before, url).toBe(0);
      expect(viaDoor.headers["strict-transport-security"], url).toMatch(/max-age=31536000/);
      expect(viaDoor.headers["content-security-policy"], url).toContain("upgrade-insecure-requests");
      expect(headersBut(viaDoor), url).toEqual(headersBut(viaExpress));
    }
    const before = express.count;
    await rawGet(t.handleRequest, "/about-us/", { Cookie: "__Host-sid=s%3Aabc" });
    expect(express.count - before).toBe(1);
  });
});
