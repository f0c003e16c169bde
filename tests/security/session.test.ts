import request from "supertest";
import { redisTestUrl } from "../server/support/redis";
import { browserWithPage, csrfTokenOf, sessionCookieOf } from "../server/support/pages";
import { createTestApp, type TestApp } from "../server/support/test-app";
import { addPerson, browserOnLoginPage, freshToken, signInAs } from "../server/accounts/support";
import { logStatements } from "../server/support/statements";

const sidOf = (cookie: string | undefined) => decodeURIComponent(/^sid=s:([^.]+)\./.exec(decodeURIComponent(cookie ?? ""))?.[1] ?? "");

describe("sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("V3.3.4 V3.3.2 V7.3.1 sets an HttpOnly, SameSite=Lax session cookie, not Secure over plain http, expiring after the idle timeout", async () => {
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

  it("V3.3.1 V3.3.3 names the cookie __Host-sid when PUBLIC_URL is https: Secure, Path=/ and no Domain", async () => {
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

  it("V3.3.1 keeps the bare name sid over plain http, where browsers refuse prefixed cookies", async () => {
    expect(sessionCookieOf(await request(t.app).get("/account/login/"))).toMatch(/^sid=/);
  });

  it("V7.2.1 keeps the session in the database, with its CSRF token and creation time", async () => {
    const response = await request(t.app).get("/account/login/");
    const sid = sidOf(sessionCookieOf(response));
    const row = await t.database.db.selectFrom("sessions").selectAll().where("sid", "=", sid).executeTakeFirstOrThrow();
    const data = JSON.parse(row.sess) as { csrfToken: string; createdAt: number };
    expect(data.csrfToken).toBe(csrfTokenOf(response.text));
    expect(Math.abs(data.createdAt - Date.now())).toBeLessThan(60_000);
  });

  it("V7.2.2 creates no session for probes, static files, JSON calls and unknown assets", async () => {
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

  it("V7.2.2 starts no session for a cookie-less write, which the CSRF check refuses without setting a cookie", async () => {
    const refused = await request(t.app).post("/account/save-resource/").set("X-CSRFToken", "made-up").send({});
    expect(refused.status).toBe(403);
    expect(sessionCookieOf(refused)).toBeUndefined();
  });

  it("V7.2.1 reads the store only for a request that sends a session cookie", async () => {
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

  it("V7.3.1 renews the cookie on every response (rolling idle timeout) and keeps the same session", async () => {
    const { agent, token } = await browserWithPage(t.app);
    const firstPage = await agent.get("/");
    // Once the session holds a token, every page carries it in the meta tag, at no extra cost.
    expect(csrfTokenOf(firstPage.text)).toBe(token);
    const first = sessionCookieOf(firstPage);
    const second = sessionCookieOf(await agent.get("/"));
    expect(second).toBeDefined();
    expect(sidOf(second)).toBe(sidOf(first));
  });

  it("V7.3.2 replaces a session older than the absolute lifetime with a fresh one", async () => {
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

  it("V7.3.2 keeps a session younger than the absolute lifetime", async () => {
    const { agent, token } = await browserWithPage(t.app);
    // Past the CSRF check (403) to the route, which refuses a visitor with 401.
    expect((await agent.post("/account/save-resource/").set("X-CSRFToken", token).send({})).status).toBe(401);
  });
});

describe.runIf(redisTestUrl())("sessions with REDIS_URL", () => {
  it("V7.2.1 are kept in Redis, not the database", async () => {
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

describe("sessions across sign-in, idleness, logout and password changes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await addPerson(t.database.db, { email: "member@example.org" });
    await addPerson(t.database.db, { email: "nomembership@example.org" });
  });
  afterAll(() => t.close());

  const signedInEmail = async (agent: ReturnType<typeof request.agent>, cookie?: string) =>
    (await (cookie ? request(t.app).get("/account/session-status/").set("Cookie", cookie) : agent.get("/account/session-status/")).set("Accept", "application/json")).body
      .session_data.login_info?.email as string | undefined;

  it("V7.2.4 signing in issues a new session id and ends the one from before sign-in (no session fixation)", async () => {
    const { agent, token } = await browserOnLoginPage(t.app);
    const before = (await agent.get("/account/login/")).headers["set-cookie"] as unknown as string[];
    const anonymousCookie = sessionCookieOf({ headers: { "set-cookie": before } })!.split(";")[0]!;
    const signedIn = await signInAs(agent, token, "member@example.org");
    const newCookie = sessionCookieOf(signedIn)!.split(";")[0]!;
    expect(sidOf(newCookie)).not.toBe("");
    expect(sidOf(newCookie)).not.toBe(sidOf(anonymousCookie));
    expect(await signedInEmail(agent)).toBe("member@example.org");
    // The id an attacker could have planted before sign-in is gone from the store, and is not signed in.
    expect(await t.database.db.selectFrom("sessions").select("sid").where("sid", "=", sidOf(anonymousCookie)).executeTakeFirst()).toBeUndefined();
    expect(await signedInEmail(agent, anonymousCookie)).toBeUndefined();
    // The old CSRF token went with it.
    expect(await freshToken(agent)).not.toBe(token);
  });

  it("V7.3.1 a session idle past SESSION_IDLE_MINUTES is no longer signed in, even if its cookie is replayed", async () => {
    const { agent, token } = await browserOnLoginPage(t.app);
    const cookie = sessionCookieOf(await signInAs(agent, token, "member@example.org"))!.split(";")[0]!;
    expect(await signedInEmail(agent)).toBe("member@example.org");
    // The store's expiry is the idle deadline, renewed by every request; move it into the past, as idleness would.
    await t.database.db.updateTable("sessions").set({ expires_at: Date.now() - 1000 }).where("sid", "=", sidOf(cookie)).execute();
    expect(await signedInEmail(agent, cookie)).toBeUndefined();
  });

  describe("logout", () => {
    it("V7.4.1 destroys the session on the server: the old cookie is signed out", async () => {
      const { agent, token } = await browserOnLoginPage(t.app);
      const signedIn = await signInAs(agent, token, "member@example.org");
      const cookie = sessionCookieOf(signedIn)!.split(";")[0]!;
      const sid = sidOf(cookie)!;
      expect(await t.database.db.selectFrom("sessions").select("sid").where("sid", "=", sid).executeTakeFirst()).toBeDefined();

      const loggedOut = await agent
        .post("/account/logout/")
        .set({ "X-CSRFToken": await freshToken(agent), "X-Requested-With": "XMLHttpRequest" })
        .send();
      expect(loggedOut.status).toBe(200);
      expect(loggedOut.body).toEqual({ success: true });
      expect(await t.database.db.selectFrom("sessions").select("sid").where("sid", "=", sid).executeTakeFirst()).toBeUndefined();
      const replayed = await request(t.app).get("/account/session-status/").set("Cookie", cookie).set("Accept", "application/json");
      expect(replayed.body).toEqual({ success: true, session_data: { login_info: null } });
    });

    it("V7.4.1 redirects a form post to /account/login/", async () => {
      const { agent, token } = await browserOnLoginPage(t.app);
      await signInAs(agent, token, "member@example.org");
      const response = await agent.post("/account/logout/").type("form").send({ _csrf: await freshToken(agent) });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe("/account/login/");
    });

    it("V3.5.1 refuses a logout without the CSRF token", async () => {
      const { agent, token } = await browserOnLoginPage(t.app);
      await signInAs(agent, token, "member@example.org");
      expect((await agent.post("/account/logout/").send()).status).toBe(403);
      const status = await agent.get("/account/session-status/").set("Accept", "application/json");
      expect(status.body.session_data.login_info).toEqual({ email: "member@example.org" });
    });
  });

  it("V7.4.3 signs out every session once the password changes elsewhere (auth_version)", async () => {
    const { agent, token } = await browserOnLoginPage(t.app);
    await signInAs(agent, token, "nomembership@example.org");
    const person = await t.database.db.selectFrom("constituents").select("id").where("email", "=", "nomembership@example.org").executeTakeFirstOrThrow();
    await t.database.db
      .updateTable("account_credentials")
      .set((update) => ({ auth_version: update(update.ref("auth_version"), "+", 1) }))
      .where("constituent_id", "=", person.id)
      .execute();
    const status = await agent.get("/account/session-status/").set("Accept", "application/json");
    expect(status.body.session_data.login_info).toBeNull();
  });
});

/** The expiry a session's store holds (a row's expires_at, a Redis key's TTL), read and set as time passing would. */
interface StoredExpiry {
  read(sid: string): Promise<number | undefined>;
  set(sid: string, at: number): Promise<void>;
}

const storedExpiryIn: Record<"the database" | "Redis", (t: TestApp) => StoredExpiry> = {
  "the database": (t) => ({
    read: async (sid) => (await t.database.db.selectFrom("sessions").select("expires_at").where("sid", "=", sid).executeTakeFirst())?.expires_at,
    set: async (sid, at) => void (await t.database.db.updateTable("sessions").set({ expires_at: at }).where("sid", "=", sid).execute()),
  }),
  Redis: (t) => ({
    read: async (sid) => {
      const ttl = await t.services.redis!.pTTL(`sess:${sid}`);
      return ttl > 0 ? Date.now() + ttl : undefined;
    },
    // A time in the past deletes the key, as Redis does when it expires.
    set: async (sid, at) => void (await t.services.redis!.pExpireAt(`sess:${sid}`, at)),
  }),
};

const stores = (["the database", "Redis"] as const).filter((store) => store !== "Redis" || redisTestUrl());

describe.each(stores)("a rolling session's expiry in %s (issue 27)", (storeName) => {
  let t: TestApp;
  let stored: StoredExpiry;
  const idleMs = 120 * 60_000;
  beforeAll(async () => {
    t = await createTestApp(storeName === "Redis" ? { env: { REDIS_URL: redisTestUrl() } } : {});
    stored = storedExpiryIn[storeName](t);
    await addPerson(t.database.db, { email: "roller@example.org" });
  });
  afterAll(() => t.close());

  async function signedInSession() {
    const { agent, token } = await browserOnLoginPage(t.app);
    const sid = sidOf(sessionCookieOf(await signInAs(agent, token, "roller@example.org")));
    const signedIn = async () =>
      (await agent.get("/account/session-status/").set("Accept", "application/json")).body.session_data.login_info?.email === "roller@example.org";
    return { sid, signedIn };
  }

  it("writes nothing while the stored expiry is within a minute of the new one", async () => {
    const { sid, signedIn } = await signedInSession();
    // As if the last write were 30 s ago: every request since has moved the idle deadline on by less than a minute.
    const thirtySecondsAgo = Date.now() + idleMs - 30_000;
    await stored.set(sid, thirtySecondsAgo);
    const statements = storeName === "the database" ? logStatements(t.services.database.db) : undefined;
    try {
      for (let request = 0; request < 3; request += 1) expect(await signedIn()).toBe(true);
      const writes = statements?.naming("sessions").filter((statement) => !statement.startsWith("select"));
      expect(writes).toEqual(storeName === "the database" ? [] : undefined);
    } finally {
      statements?.stop();
    }
    // Redis keeps whole seconds.
    expect(Math.abs((await stored.read(sid))! - thirtySecondsAgo)).toBeLessThan(1_000);
  });

  it("writes the expiry on the first request more than a minute after the last write", async () => {
    const { sid, signedIn } = await signedInSession();
    await stored.set(sid, Date.now() + idleMs - 61_000);
    const before = Date.now();
    expect(await signedIn()).toBe(true);
    expect((await stored.read(sid))!).toBeGreaterThanOrEqual(before + idleMs - 1_000);
  });

  it("keeps the idle timeout to the minute: alive until the stored expiry, then gone, cookie or not", async () => {
    const { sid, signedIn } = await signedInSession();
    // Idle for all but the last few seconds of the timeout: still signed in, and the request renews the deadline.
    await stored.set(sid, Date.now() + 5_000);
    const before = Date.now();
    expect(await signedIn()).toBe(true);
    expect((await stored.read(sid))!).toBeGreaterThanOrEqual(before + idleMs - 1_000);
    // Idle past it: the replayed cookie is signed out.
    await stored.set(sid, Date.now() - 1_000);
    expect(await signedIn()).toBe(false);
  });
});
