import request from "supertest";
import { redisTestUrl } from "../support/redis";
import { browserWithPage, csrfTokenOf, sessionCookieOf } from "../support/pages";
import { createTestApp, type TestApp } from "../support/test-app";

const sidOf = (cookie: string | undefined) => decodeURIComponent(/^sid=s:([^.]+)\./.exec(decodeURIComponent(cookie ?? ""))?.[1] ?? "");

describe("sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("sets an HttpOnly, SameSite=Lax session cookie, not Secure over plain http, expiring after the idle timeout", async () => {
    const before = Date.now();
    const cookie = sessionCookieOf(await request(t.app).get("/account/login/"));
    expect(cookie).toBeDefined();
    const attributes = cookie!.split(";").map((part) => part.trim());
    expect(attributes).toContain("HttpOnly");
    expect(attributes).toContain("SameSite=Lax");
    expect(attributes).toContain("Path=/");
    expect(attributes).not.toContain("Secure");
    const expires = Date.parse(attributes.find((part) => part.startsWith("Expires="))!.slice("Expires=".length));
    expect(expires).toBeGreaterThanOrEqual(before + 119 * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 120 * 60_000);
  });

  it("names the cookie __Host-sid when PUBLIC_URL is https: Secure, Path=/ and no Domain", async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: "https://www.example.org", TRUST_PROXY: "true" } });
    try {
      const page = await request(https.app).get("/account/login/").set("X-Forwarded-Proto", "https");
      const cookie = sessionCookieOf(page);
      expect(cookie).toMatch(/^__Host-sid=s%3A/);
      const attributes = cookie!.split(";").map((part) => part.trim());
      expect(attributes).toContain("Secure");
      expect(attributes).toContain("Path=/");
      expect(attributes.some((part) => /^domain=/i.test(part))).toBe(false);
      // The prefixed cookie is the session: the next request is read from it.
      const again = await request(https.app)
        .get("/account/login/")
        .set("X-Forwarded-Proto", "https")
        .set("Cookie", cookie!.split(";")[0]!);
      expect(csrfTokenOf(again.text)).toBe(csrfTokenOf(page.text));
    } finally {
      await https.close();
    }
  });

  it("keeps the bare name sid over plain http, where browsers refuse prefixed cookies", async () => {
    expect(sessionCookieOf(await request(t.app).get("/account/login/"))).toMatch(/^sid=/);
  });

  it("keeps the session in the database, with its CSRF token and creation time", async () => {
    const response = await request(t.app).get("/account/login/");
    const sid = sidOf(sessionCookieOf(response));
    const row = await t.database.db.selectFrom("sessions").selectAll().where("sid", "=", sid).executeTakeFirstOrThrow();
    const data = JSON.parse(row.sess) as { csrfToken: string; createdAt: number };
    expect(data.csrfToken).toBe(csrfTokenOf(response.text));
    expect(Math.abs(data.createdAt - Date.now())).toBeLessThan(60_000);
  });

  it("creates no session for probes, static files, JSON calls and unknown assets", async () => {
    const count = async () => (await t.database.db.selectFrom("sessions").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;
    const before = await count();
    for (const response of [
      await request(t.app).get("/healthz"),
      await request(t.app).get("/readyz"),
      await request(t.app).get("/static/images/favicon.svg"),
      await request(t.app).get("/static/missing.css"),
      await request(t.app).get("/api/nothing/"),
      // A page without a form needs no CSRF token, so it writes no session either.
      await request(t.app).get("/").set("Accept", "text/html"),
      await request(t.app).get("/no-such-page/").set("Accept", "text/html"),
    ]) {
      expect(sessionCookieOf(response)).toBeUndefined();
    }
    expect(await count()).toBe(before);
  });

  it("starts no session for a cookie-less write, which the CSRF check refuses without setting a cookie", async () => {
    const refused = await request(t.app).post("/account/save-resource/").set("X-CSRFToken", "made-up").send({});
    expect(refused.status).toBe(403);
    expect(sessionCookieOf(refused)).toBeUndefined();
  });

  it("reads the store only for a request that sends a session cookie", async () => {
    const store = t.services.sessionStore;
    const reads: string[] = [];
    const get = store.get.bind(store);
    store.get = (sid, callback) => {
      reads.push(sid);
      get(sid, callback);
    };
    try {
      await request(t.app).get("/").set("Accept", "text/html");
      expect(reads).toEqual([]);
      const { agent } = await browserWithPage(t.app);
      await agent.get("/");
      expect(reads.length).toBeGreaterThan(0);
    } finally {
      store.get = get;
    }
  });

  it("renews the cookie on every response (rolling idle timeout) and keeps the same session", async () => {
    const { agent, token } = await browserWithPage(t.app);
    const firstPage = await agent.get("/");
    // Once the session holds a token, every page carries it in the meta tag, at no extra cost.
    expect(csrfTokenOf(firstPage.text)).toBe(token);
    const first = sessionCookieOf(firstPage);
    const second = sessionCookieOf(await agent.get("/"));
    expect(second).toBeDefined();
    expect(sidOf(second)).toBe(sidOf(first));
  });

  it("replaces a session older than the absolute lifetime with a fresh one", async () => {
    const agent = request.agent(t.app);
    const first = await agent.get("/account/login/");
    const oldSid = sidOf(sessionCookieOf(first));
    const oldToken = csrfTokenOf(first.text);
    const row = await t.database.db.selectFrom("sessions").select("sess").where("sid", "=", oldSid).executeTakeFirstOrThrow();
    const fifteenDaysAgo = Date.now() - 15 * 24 * 60 * 60 * 1000;
    await t.database.db
      .updateTable("sessions")
      .set({ sess: JSON.stringify({ ...JSON.parse(row.sess), createdAt: fifteenDaysAgo }) })
      .where("sid", "=", oldSid)
      .execute();

    const refused = await agent.post("/account/save-resource/").set("X-CSRFToken", oldToken).send({});
    expect(refused.status).toBe(403);
    const next = await agent.get("/account/login/");
    const newSid = sidOf(sessionCookieOf(next));
    expect(newSid).not.toBe(oldSid);
    expect(csrfTokenOf(next.text)).not.toBe(oldToken);
    expect(await t.database.db.selectFrom("sessions").select("sid").where("sid", "=", oldSid).executeTakeFirst()).toBeUndefined();
  });

  it("keeps a session younger than the absolute lifetime", async () => {
    const { agent, token } = await browserWithPage(t.app);
    // Past the CSRF check (403) to the route, which refuses a visitor with 401.
    expect((await agent.post("/account/save-resource/").set("X-CSRFToken", token).send({})).status).toBe(401);
  });
});

describe.runIf(redisTestUrl())("sessions with REDIS_URL", () => {
  it("are kept in Redis, not the database", async () => {
    const t = await createTestApp({ env: { REDIS_URL: redisTestUrl() } });
    try {
      const sid = sidOf(sessionCookieOf(await request(t.app).get("/account/login/")));
      expect(sid).not.toBe("");
      const stored = await t.services.redis!.get(`sess:${sid}`);
      expect(JSON.parse(stored!)).toHaveProperty("csrfToken");
      expect(await t.database.db.selectFrom("sessions").select("sid").execute()).toEqual([]);
      await t.services.redis!.del(`sess:${sid}`);
    } finally {
      await t.close();
    }
  });
});
