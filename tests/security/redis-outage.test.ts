import request from "supertest";
import { DEFAULT_RETRY_AFTER_SECONDS } from "../../server/shared/errors";
import { addPerson, browserOnLoginPage, signInAs, strongPassword } from "../server/accounts/support";
import { connectTestRedis, redisTestUrl, type TestRedis } from "../server/support/redis";
import { startTcpProxy, type TcpProxy } from "../server/support/tcp-proxy";
import { createTestApp, type TestApp } from "../server/support/test-app";

/*
 * V16.5.2 (the application continues to operate securely when access to an
 * external resource fails: it fails closed, without hanging): the app keeps
 * its sessions and rate limits in Redis through a TCP proxy the test cuts and
 * restores (the machine's Redis keeps running). While Redis is away, a
 * signed-in page, a sign-in and an account lookup (both rate-limited) answer
 * 503 with Retry-After: no hang, nobody treated as signed out, no request let
 * through without its limit. Once the proxy is back, the same app serves
 * them again and the member is still signed in (docs/faults.md).
 */

/** Far longer than REDIS_COMMAND_TIMEOUT_MS: a request that hangs fails the test instead of passing late. */
const hangMs = 15_000;

describe.runIf(redisTestUrl())("Redis away at run time (through a proxy)", () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let redis: TestRedis;

  beforeAll(async () => {
    redis = await connectTestRedis();
    const target = new URL(redisTestUrl()!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    t = await createTestApp({
      env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}`, REDIS_KEY_PREFIX: redis.prefix, REDIS_COMMAND_TIMEOUT_MS: "1000" },
    });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await redis?.dispose();
  });

  async function untilReady(): Promise<void> {
    const deadline = Date.now() + 10_000;
    while ((await request(t.app).get("/readyz")).status !== 200) {
      if (Date.now() > deadline) throw new Error("/readyz did not turn 200 within 10 s of Redis coming back");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("V16.5.2 answers 503 with Retry-After while Redis is away (signed-in page, sign-in, lookup), and serves again once it is back, still signed in", async () => {
    const email = "redis-outage@example.org";
    await addPerson(t.database.db, { email });
    const member = await browserOnLoginPage(t.app);
    await signInAs(member.agent, member.token, email);
    // A visitor who opened the sign-in page before the outage: the session cookie and its token.
    const visitor = await browserOnLoginPage(t.app);
    const signedInPage = () => member.agent.get("/account/my-account/").set("Accept", "text/html").timeout(hangMs);
    const signIn = () =>
      visitor.agent.post("/account/login/").set("X-CSRFToken", visitor.token).send({ email, password: strongPassword, next: "/account/my-account/" }).timeout(hangMs);
    const lookup = (accept: string) => request(t.app).get("/account/lookup/").query({ email: "someone@example.org" }).set("Accept", accept).timeout(hangMs);
    expect((await signedInPage()).status).toBe(200);
    expect((await lookup("text/html")).status).toBe(200);

    await proxy.cut();

    const page = await signedInPage();
    expect(page.status, page.text).toBe(503);
    expect(page.headers["retry-after"]).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    // The styled page in the site's layout, not a sign-in page: the member was not signed out.
    expect(page.text).toContain('class="site-header');
    expect(page.text).toContain("The site is unavailable for a moment");
    expect(page.text).not.toMatch(/RedisUnavailableError|ECONNREFUSED|at \w+ \(|\.ts:\d+/);

    const signInDuring = await signIn();
    expect(signInDuring.status, signInDuring.text).toBe(503);
    expect(signInDuring.headers["retry-after"]).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
    expect(signInDuring.body).toEqual({ success: false, errors: { __all__: [expect.stringContaining("Try again in a minute")] } });

    // No cookie, so no session to read: the lookup reaches its rate limit, which fails closed (not "allowed").
    const lookupPage = await lookup("text/html");
    expect(lookupPage.status, lookupPage.text).toBe(503);
    expect(lookupPage.headers["retry-after"]).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
    const lookupJson = await lookup("application/json");
    expect(lookupJson.status).toBe(503);
    expect(lookupJson.body).toEqual({ success: false, errors: { __all__: [expect.stringContaining("Try again in a minute")] } });

    const readiness = await request(t.app).get("/readyz").timeout(hangMs);
    expect(readiness.status).toBe(503);
    expect(readiness.body).toEqual({ status: "redis unavailable" });
    expect((await request(t.app).get("/healthz")).status).toBe(200);
    // One warn line per request, naming the outage, without a stack.
    expect(t.logLines().some((line) => line.msg === "redis unavailable" && line.level === 40)).toBe(true);

    // Redis is back: the same app, no restart, once the client has reconnected.
    await proxy.restore();
    await untilReady();
    const account = await signedInPage();
    expect(account.status).toBe(200);
    expect(account.text).toContain(email);
    expect((await signIn()).status).toBe(200);
    expect((await lookup("text/html")).status).toBe(200);
  });
});
