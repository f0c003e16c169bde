import request from "supertest";
import { DEFAULT_RETRY_AFTER_SECONDS } from "../../../server/shared/errors";
import { addPerson, browserOnLoginPage, freshToken, signInAs } from "../accounts/support";
import { basketItem, paymentRecords, sandboxNotification, sessionIdIn } from "../payments/support";
import { postgresAdminUrl } from "../support/databases";
import { startTcpProxy, throughProxy, type TcpProxy } from "../support/tcp-proxy";
import { createTestApp, type TestApp } from "../support/test-app";

/*
 * The app on PostgreSQL through a TCP proxy the test cuts and restores (the
 * machine's shared PostgreSQL keeps running): pages answer the styled 503
 * with Retry-After, JSON a JSON 503, /readyz 503; a transaction cut half way
 * leaves nothing behind; and once the proxy is back, the same app (no
 * restart) serves again (docs/faults.md). Runs whenever PostgreSQL tests do,
 * and always in CI.
 */
describe.skipIf(!postgresAdminUrl())("the database unreachable (PostgreSQL through a proxy)", () => {
  let t: TestApp;
  let proxy: TcpProxy;

  beforeAll(async () => {
    const target = new URL(postgresAdminUrl()!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    t = await createTestApp({
      engine: "postgres",
      // A short connect timeout keeps the outage's answers quick; the behaviour is the same at the default.
      env: { DATABASE_CONNECT_TIMEOUT_MS: "2000" },
      appDatabaseUrl: (url) => throughProxy(proxy, url),
    });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  const page = (path: string, cookie?: string) => {
    const call = request(t.app).get(path).set("Accept", "text/html");
    return cookie ? call.set("Cookie", cookie) : call;
  };

  it("answers 503 with Retry-After while the database is away, and serves again once it is back, without a restart", async () => {
    // A signed-in member, and the pages working before the outage.
    const email = "outage@example.com";
    const payerId = await addPerson(t.database.db, { email });
    const { agent, token } = await browserOnLoginPage(t.app);
    await signInAs(agent, token, email);
    const csrf = await freshToken(agent);
    expect((await page("/whats-on/")).status).toBe(200);
    expect((await request(t.app).get("/readyz")).status).toBe(200);

    // A payment whose fulfilment (one transaction: the claim row, the membership, its seats, the order) is cut half
    // way: the proxy drops every connection when the membership's insert is sent, after the claim row was written.
    const basket = await agent.post("/account/add-to-basket/").set("X-CSRFToken", csrf).send(basketItem(payerId));
    expect(basket.status).toBe(201);
    const sessionId = sessionIdIn(basket.body);
    const notification = await sandboxNotification(t, sessionId, "approved");
    const before = await paymentRecords(t.database.db);
    const cut = proxy.cutWhen('insert into "memberships"');
    const notify = () => request(t.app).post("/payments/notifications/sandbox/").set(notification.headers).send(notification.rawBody.toString("utf8"));
    const duringCut = await notify();
    await cut;
    expect(duringCut.status).toBe(503);
    expect(duringCut.headers["retry-after"]).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
    // Nothing half-written: no claim row, no membership, no seats, the order still pending (read directly, not through the proxy).
    expect(await paymentRecords(t.database.db)).toEqual(before);

    // A page: the styled 503 in the site's layout, saying what to do, with Retry-After and no stack trace.
    const outagePage = await page("/whats-on/");
    expect(outagePage.status).toBe(503);
    expect(outagePage.headers["retry-after"]).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
    expect(outagePage.headers["content-type"]).toMatch(/^text\/html/);
    expect(outagePage.text).toContain('class="site-header');
    expect(outagePage.text).toContain("The site is unavailable for a moment");
    expect(outagePage.text).toContain("Try again in a minute");
    expect(outagePage.text).not.toMatch(/ECONNREFUSED|at \w+ \(|\.ts:\d+/);

    // JSON: a JSON 503 with the same header.
    const outageJson = await request(t.app).get("/api/attendable/v1/instances/?fields=_,id,start_datetime&start_date=2026-11-23&end_date=2026-11-24").set("Accept", "application/json");
    expect(outageJson.status).toBe(503);
    expect(outageJson.headers["retry-after"]).toBe(String(DEFAULT_RETRY_AFTER_SECONDS));
    expect(outageJson.body).toEqual({ success: false, errors: { __all__: [expect.stringContaining("Try again in a minute")] } });

    // The signed-in member's session cannot be read: a 503 too, not a sign-out.
    const signedInPage = await agent.get("/account/my-account/").set("Accept", "text/html");
    expect(signedInPage.status).toBe(503);

    const readiness = await request(t.app).get("/readyz");
    expect(readiness.status).toBe(503);
    expect(readiness.body).toEqual({ status: "database unavailable" });

    // The database is back: the same app, no restart.
    await proxy.restore();
    expect((await request(t.app).get("/readyz")).status).toBe(200);
    expect((await page("/whats-on/")).status).toBe(200);
    // Still signed in: the outage signed nobody out.
    const account = await agent.get("/account/my-account/").set("Accept", "text/html");
    expect(account.status).toBe(200);
    expect(account.text).toContain("outage@example.com");
    // The provider's retried notification now fulfils the order, whole.
    expect((await notify()).status).toBe(200);
    const after = await paymentRecords(t.database.db);
    expect(after.fulfilments).toHaveLength(before.fulfilments.length + 1);
    expect(after.memberships).toHaveLength(before.memberships.length + 1);
    expect(after.orders.find((order) => order.membership_id !== null)?.status).toBe("approved");
  });
});
