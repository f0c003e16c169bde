import request from "supertest";
import { sql } from "kysely";
import type { Store } from "express-session";
import { createSite } from "../../../server/app";
import { csrfTokenOf, fetchAsBrowser, type PageApp } from "../support/pages";
import { postgresAdminUrl } from "../support/databases";
import { connectTestRedis, redisTestUrl, type TestRedis } from "../support/redis";
import { createTestApp, type TestApp } from "../support/test-app";
import { seedResourceFixtures } from "../resources/resource-fixtures";
import { signedInMember, type MemberOptions } from "../resources/signed-in-member";

/*
 * Issue 27: the member lane (server/http/member-lane.ts) answers a member's
 * kept resource page and My account at the front door, without Express. Express writes or
 * touches the session store on every signed-in answer (express-session's
 * rolling cookie; the store's own rule then decides whether to write); the
 * lane never does, so a spy on the store tells which path answered.
 */

const resourcePage = "/resources/macbeth-freeze-frames/";
const myAccount = "/account/my-account/";

/** Counts the store's writes and touches: Express makes one per signed-in answer, the lane none. */
function storeCalls(store: Store) {
  const touch = vi.spyOn(store, "touch");
  const set = vi.spyOn(store, "set");
  return {
    count: () => touch.mock.calls.length + set.mock.calls.length,
    restore: () => {
      touch.mockRestore();
      set.mockRestore();
    },
  };
}

/** The session id inside a `sid=s%3A<id>.<signature>` cookie. */
function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  return value.slice(2, value.lastIndexOf("."));
}

/** The Set-Cookie header without its Expires date. */
const withoutExpiry = (header: unknown) => String(header).replace(/; Expires=[^;]+/, "");
const expiryOf = (header: unknown) => Date.parse(/Expires=([^;]+)/.exec(String(header))![1]!);

async function expectSameAnswer(t: TestApp, whole: PageApp, options: MemberOptions, page = resourcePage) {
  const activityIds = await activityIdsOf(t);
  const someone = await signedInMember(t, activityIds, options);
  // The first view renders and keeps the shared part (Express); the second is the lane's.
  await fetchAsBrowser(t.handleRequest, someone.cookie, page);
  const calls = storeCalls(t.services.sessionStore);
  try {
    const laned = await fetchAsBrowser(t.handleRequest, someone.cookie, page);
    expect(calls.count()).toBe(0);
    // Express's answer of the same kept page (its headers), and the page rendered whole (its body).
    const kept = await fetchAsBrowser(t.app, someone.cookie, page);
    expect(calls.count()).toBe(1);
    const rendered = await fetchAsBrowser(whole, someone.cookie, page);
    expect(laned.response.status).toBe(200);
    expect(laned.response.headers["content-encoding"]).toBe("gzip");
    expect(laned.html).toBe(rendered.html);
    expect(laned.html).toBe(kept.html);
    const names = (headers: Record<string, unknown>) => Object.keys(headers).filter((name) => !["date", "connection", "keep-alive"].includes(name)).sort();
    expect(names(laned.response.headers)).toEqual(names(kept.response.headers));
    for (const name of names(kept.response.headers).filter((name) => name !== "set-cookie")) {
      expect([name, laned.response.headers[name]]).toEqual([name, kept.response.headers[name]]);
    }
    expect(laned.response.headers["cache-control"]).toBe("private, no-store");
    // The same rolling cookie as express-session's, to the second.
    expect(withoutExpiry(laned.response.headers["set-cookie"])).toBe(withoutExpiry(kept.response.headers["set-cookie"]));
    expect(Math.abs(expiryOf(laned.response.headers["set-cookie"]) - expiryOf(kept.response.headers["set-cookie"]))).toBeLessThanOrEqual(5_000);
    return { someone, html: laned.html };
  } finally {
    calls.restore();
  }
}

async function activityIdsOf(t: TestApp): Promise<number[]> {
  return (await t.database.db.selectFrom("resource_activities").select("id").where("resource_id", "=", 1).orderBy("position").execute()).map((row) => row.id);
}

/** Rewrites the stored session's JSON. */
async function editStoredSession(t: TestApp, cookie: string, edit: (data: Record<string, unknown>) => void) {
  const sid = sessionIdOf(cookie);
  const row = await t.database.db.selectFrom("sessions").select("sess").where("sid", "=", sid).executeTakeFirstOrThrow();
  const data = JSON.parse(row.sess) as Record<string, unknown>;
  edit(data);
  await t.database.db.updateTable("sessions").set({ sess: JSON.stringify(data) }).where("sid", "=", sid).execute();
}

describe("the member lane: a member's kept pages, answered before Express", () => {
  let t: TestApp;
  let whole: PageApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedResourceFixtures(t.database.db);
    whole = createSite({ ...t.services, config: { ...t.services.config, pageCacheMegabytes: 0 } }).app;
  });
  afterAll(() => t.close());

  const page = resourcePage;
  const viewThroughFrontDoor = async (cookie: string, path = page) => {
    const calls = storeCalls(t.services.sessionStore);
    try {
      const view = await fetchAsBrowser(t.handleRequest, cookie, path);
      return { ...view, byExpress: calls.count() > 0 };
    } finally {
      calls.restore();
    }
  };

  /** A new member whose first view has kept the resource page's shared part (through Express). */
  const memberWithKeptPage = async () => {
    const someone = await signedInMember(t, await activityIdsOf(t));
    await viewThroughFrontDoor(someone.cookie);
    return someone;
  };

  it("gives the page rendered whole, byte for byte, under the same headers and rolling cookie, and writes nothing", async () => {
    const { someone, html } = await expectSameAnswer(t, whole, { note: "Pair the <quiet> ones & swap", saved: true, shareToken: "A".repeat(43) });
    expect(html).toContain("Pair the &lt;quiet&gt; ones &amp; swap</textarea>");
    expect(html).toContain(`data-user-key="${someone.id}"`);
    expect(html).toContain('aria-pressed="true"');
  });

  it("never gives a member another member's parts, with requests interleaved", async () => {
    const activityIds = await activityIdsOf(t);
    const members = await Promise.all([
      signedInMember(t, activityIds, { note: "Ada alone wrote this", shareToken: "c".repeat(43) }),
      signedInMember(t, activityIds, { note: "Ben alone wrote this", shareToken: "d".repeat(43) }),
    ]);
    const tokens = await Promise.all(members.map(async ({ cookie }) => csrfTokenOf((await fetchAsBrowser(t.handleRequest, cookie, page)).html)));
    const views = await Promise.all(Array.from({ length: 16 }, (_, n) => n % 2).map((index) => viewThroughFrontDoor(members[index]!.cookie).then((view) => ({ index, view }))));
    for (const { index, view } of views) {
      const [mine, theirs] = [index, 1 - index];
      expect(view.html).toContain(`data-user-key="${members[mine]!.id}"`);
      expect(view.html).toContain(tokens[mine]!);
      expect(view.html).toContain(["Ada", "Ben"][mine]! + " alone wrote this");
      expect(view.html).not.toContain(`data-user-key="${members[theirs]!.id}"`);
      expect(view.html).not.toContain(tokens[theirs]!);
      expect(view.html).not.toContain(["Ada", "Ben"][theirs]! + " alone wrote this");
    }
  });

  it("leaves a session with a notice to spend to Express, which shows it once; the lane answers after", async () => {
    const someone = await signedInMember(t, await activityIdsOf(t));
    const token = csrfTokenOf((await fetchAsBrowser(t.handleRequest, someone.cookie, page)).html);
    await request(t.handleRequest).post("/account/save-resource/").set("Cookie", someone.cookie).type("form").send({ _csrf: token, resource_id: "1", resource_type: "lesson-plan", to_save: "true", next: page });
    const noticed = await viewThroughFrontDoor(someone.cookie);
    expect(noticed.byExpress).toBe(true);
    expect(noticed.html).toContain('class="container flash-notice"');
    const after = await viewThroughFrontDoor(someone.cookie);
    expect(after.byExpress).toBe(false);
    expect(after.html).not.toContain("flash-notice");
    expect(after.html).toContain('data-widget="tools-panel"');
  });

  it("signs a member out at once when their password changed elsewhere", async () => {
    const someone = await signedInMember(t, await activityIdsOf(t));
    expect((await viewThroughFrontDoor(someone.cookie)).html).toContain('data-widget="tools-panel"');
    expect((await viewThroughFrontDoor(someone.cookie)).byExpress).toBe(false);
    await t.database.db
      .updateTable("account_credentials")
      .set({ auth_version: sql<number>`auth_version + 1` })
      .where("constituent_id", "=", someone.id)
      .execute();
    const after = await viewThroughFrontDoor(someone.cookie);
    expect(after.html).not.toContain('data-widget="tools-panel"');
    expect(after.html).not.toContain(`data-user-key="${someone.id}"`);
  });

  it("takes no cookie whose signature is not the site's", async () => {
    const someone = await memberWithKeptPage();
    const forged = someone.cookie.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    const view = await viewThroughFrontDoor(forged);
    expect(view.html).not.toContain('data-widget="tools-panel"');
    expect(view.html).not.toContain(`data-user-key="${someone.id}"`);
  });

  it("leaves the roll to Express once the stored expiry is more than a minute behind, which writes it", async () => {
    const someone = await memberWithKeptPage();
    const sid = sessionIdOf(someone.cookie);
    const idleMs = t.services.config.sessionIdleMinutes * 60_000;
    const behind = Date.now() + idleMs - 5 * 60_000;
    await t.database.db.updateTable("sessions").set({ expires_at: behind }).where("sid", "=", sid).execute();
    const view = await viewThroughFrontDoor(someone.cookie);
    expect(view.byExpress).toBe(true);
    expect(view.html).toContain('data-widget="tools-panel"');
    const { expires_at } = await t.database.db.selectFrom("sessions").select("expires_at").where("sid", "=", sid).executeTakeFirstOrThrow();
    expect(Number(expires_at)).toBeGreaterThan(behind + 4 * 60_000);
    expect((await viewThroughFrontDoor(someone.cookie)).byExpress).toBe(false);
  });

  it("leaves a session past its absolute lifetime to Express, which ends it", async () => {
    const someone = await memberWithKeptPage();
    const lifetimeMs = t.services.config.sessionAbsoluteHours * 3_600_000;
    await editStoredSession(t, someone.cookie, (data) => (data.createdAt = Date.now() - lifetimeMs - 60_000));
    const view = await viewThroughFrontDoor(someone.cookie);
    expect(view.html).not.toContain('data-widget="tools-panel"');
    expect(view.html).not.toContain(`data-user-key="${someone.id}"`);
  });

  it("leaves a session with anything else in it (here a wizard's progress) to Express", async () => {
    const someone = await memberWithKeptPage();
    await editStoredSession(t, someone.cookie, (data) => (data.somethingNew = { pending: true }));
    expect((await viewThroughFrontDoor(someone.cookie)).byExpress).toBe(true);
  });

  it("gives My account rendered whole, byte for byte, under the same headers, and writes nothing", async () => {
    const { someone, html } = await expectSameAnswer(t, whole, { saved: true }, myAccount);
    expect(html).toContain(someone.email);
    expect(html).toContain("Macbeth: freeze-frames");
  });

  it("leaves My account with a notice to show to Express, which shows it once; the lane answers after", async () => {
    const someone = await signedInMember(t, await activityIdsOf(t));
    const token = csrfTokenOf((await viewThroughFrontDoor(someone.cookie, myAccount)).html);
    const posted = await request(t.handleRequest)
      .post("/account/update-profile/")
      .set("Cookie", someone.cookie)
      .type("form")
      .send({ _csrf: token, Prefix: "-1", FirstName: "Renamed", LastName: "Member" });
    expect(posted.status).toBe(303);
    const noticed = await viewThroughFrontDoor(someone.cookie, myAccount);
    expect(noticed.byExpress).toBe(true);
    expect(noticed.html).toContain("account-form__notice");
    const after = await viewThroughFrontDoor(someone.cookie, myAccount);
    expect(after.byExpress).toBe(false);
    expect(after.html).not.toContain("account-form__notice");
    expect(after.html).toContain("Renamed");
  });

  it("answers a HEAD with the headers alone", async () => {
    const someone = await memberWithKeptPage();
    const head = await request(t.handleRequest).head(page).set("Cookie", someone.cookie).set("Accept-Encoding", "gzip");
    expect(head.status).toBe(200);
    expect(head.headers["cache-control"]).toBe("private, no-store");
    expect(head.headers["set-cookie"]).toBeDefined();
  });
});

describe.runIf(postgresAdminUrl() && redisTestUrl())("the member lane on PostgreSQL, sessions in Redis", () => {
  let t: TestApp;
  let redis: TestRedis;

  beforeAll(async () => {
    redis = await connectTestRedis();
    t = await createTestApp({ engine: "postgres", env: { REDIS_URL: redisTestUrl(), REDIS_KEY_PREFIX: redis.prefix } });
    await seedResourceFixtures(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await redis.dispose();
  });

  it("gives the resource page and My account rendered whole, byte for byte, and writes nothing", async () => {
    const whole = createSite({ ...t.services, config: { ...t.services.config, pageCacheMegabytes: 0 } }).app;
    const { html } = await expectSameAnswer(t, whole, { note: "On PostgreSQL", saved: true });
    expect(html).toContain("On PostgreSQL</textarea>");
    const account = await expectSameAnswer(t, whole, {}, myAccount);
    expect(account.html).toContain(account.someone.email);
  });
});
