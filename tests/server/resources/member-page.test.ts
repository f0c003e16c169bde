import request from "supertest";
import { createSite } from "../../../server/app";
import { addPerson, browserOnLoginPage, signInAs } from "../accounts/support";
import { signedInMember, type MemberOptions } from "./signed-in-member";
import { csrfTokenOf, fetchAsBrowser, sessionCookieOf, type PageApp } from "../support/pages";
import { logStatements } from "../support/statements";
import { postgresAdminUrl } from "../support/databases";
import { connectTestRedis, redisTestUrl, type TestRedis } from "../support/redis";
import { createTestApp, type TestApp } from "../support/test-app";
import { seedResourceFixtures } from "./resource-fixtures";

/*
 * Issue 27: a member's resource page is the page every member sees, rendered
 * once and kept, with the member's own parts (the CSRF meta tag, the
 * header's account links, a flash notice, the tools panel with Save and
 * Share, a note under each activity) rendered into it per request
 * (server/cache/http/member-pages.ts).
 */

const page = "/resources/macbeth-freeze-frames/";

/** Two members' requests interleaved: each page carries only its member's own parts. */
async function expectOnlyOwnParts(t: TestApp, activityIds: number[]) {
  const members = await Promise.all([
    signedInMember(t, activityIds, { note: "Ada alone wrote this", saved: true, shareToken: "a".repeat(43) }),
    signedInMember(t, activityIds, { note: "Ben alone wrote this", shareToken: "b".repeat(43) }),
  ]);
  const tokens = await Promise.all(members.map(async ({ cookie }) => csrfTokenOf((await fetchAsBrowser(t.app, cookie, page)).html)));
  const own = members.map((someone, index) => ({
    userKey: `data-user-key="${someone.id}"`,
    note: index === 0 ? "Ada alone wrote this" : "Ben alone wrote this",
    share: index === 0 ? "a".repeat(43) : "b".repeat(43),
    csrf: tokens[index]!,
    saved: index === 0 ? 'aria-pressed="true"' : 'aria-pressed="false"',
  }));
  expect(own[0]!.csrf).not.toBe(own[1]!.csrf);
  const order = Array.from({ length: 24 }, (_, n) => n % 2);
  const pages = await Promise.all(order.map((index) => fetchAsBrowser(t.app, members[index]!.cookie, page).then(({ response, html }) => ({ index, response, html }))));
  for (const { index, response, html } of pages) {
    const mine = own[index]!;
    const theirs = own[1 - index]!;
    expect(response.headers["content-encoding"]).toBe("gzip");
    for (const value of [mine.userKey, mine.note, mine.share, mine.csrf, mine.saved]) expect(html).toContain(value);
    for (const value of [theirs.userKey, theirs.note, theirs.share, theirs.csrf]) expect(html).not.toContain(value);
  }
}

describe("a member's resource page: the shared part once, their own parts rendered into it", () => {
  let t: TestApp;
  /** The same services without kept member pages (PAGE_CACHE_MB=0): every page rendered whole, as before. */
  let whole: PageApp;
  let activityIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    await seedResourceFixtures(t.database.db);
    whole = createSite({ ...t.services, config: { ...t.services.config, pageCacheMegabytes: 0 } }).app;
    activityIds = (await t.database.db.selectFrom("resource_activities").select("id").where("resource_id", "=", 1).orderBy("position").execute()).map((row) => row.id);
  });
  afterAll(() => t.close());

  const member = (options: MemberOptions = {}) => signedInMember(t, activityIds, options);

  it("is byte for byte the page rendered whole, gzip-encoded, personal and under the same headers", async () => {
    const someone = await member({ note: "Pair the <quiet> ones & swap", saved: true, shareToken: "A".repeat(43) });
    // Kept by the first request; the second is the kept shared part with this member's parts.
    await fetchAsBrowser(t.app, someone.cookie, page);
    const spliced = await fetchAsBrowser(t.app, someone.cookie, page);
    const rendered = await fetchAsBrowser(whole, someone.cookie, page);
    expect(spliced.response.status).toBe(200);
    expect(spliced.response.headers["content-encoding"]).toBe("gzip");
    expect(spliced.html).toBe(rendered.html);
    expect(spliced.html).toContain("Pair the &lt;quiet&gt; ones &amp; swap</textarea>");
    expect(spliced.html).toContain(`data-user-key="${someone.id}"`);
    expect(spliced.html).toContain("A".repeat(43));
    expect(spliced.html).toContain('aria-pressed="true"');
    for (const name of ["cache-control", "content-security-policy", "content-type", "x-content-type-options", "referrer-policy"]) {
      expect([name, spliced.response.headers[name]]).toEqual([name, rendered.response.headers[name]]);
    }
    expect(spliced.response.headers["cache-control"]).toBe("private, no-store");
  });

  it("carries the member's flash notice and refused note draft, once, as the page rendered whole does", async () => {
    const someone = await member();
    const post = async () => {
      const token = csrfTokenOf((await fetchAsBrowser(t.app, someone.cookie, page)).html);
      // A no-JavaScript note save refused for its length: back to the page with the typed text and the reason.
      await request(t.app).post(`/resources/notes/${activityIds[1]}/save/`).set("Cookie", someone.cookie).type("form").send({ _csrf: token, next: page, content: "x".repeat(20_001) });
      await request(t.app).post("/account/save-resource/").set("Cookie", someone.cookie).type("form").send({ _csrf: token, resource_id: "1", resource_type: "lesson-plan", to_save: "true", next: page });
    };
    await post();
    const spliced = await fetchAsBrowser(t.app, someone.cookie, page);
    await post();
    const rendered = await fetchAsBrowser(whole, someone.cookie, page);
    expect(spliced.html).toBe(rendered.html);
    expect(spliced.html).toContain('class="container flash-notice"');
    expect(spliced.html).toContain("form-error-message teacher-note__error");
    // Shown once.
    const after = await fetchAsBrowser(t.app, someone.cookie, page);
    expect(after.html).not.toContain("flash-notice");
    expect(after.html).not.toContain("teacher-note__error");
  });

  it("never gives a member another member's parts, with requests interleaved", async () => {
    await expectOnlyOwnParts(t, activityIds);
  });

  it("reads no resource rows for a kept page: only the member's own, and none twice, their saved, notes and links in one statement", async () => {
    const someone = await member({ note: "kept" });
    await fetchAsBrowser(t.app, someone.cookie, page);
    const log = logStatements(t.services.database.db);
    try {
      await fetchAsBrowser(t.app, someone.cookie, page);
      const reads = log.all().filter((statement) => statement.startsWith("select"));
      expect(reads.filter((statement) => /from "resources"|from "resource_activities"|from "resource_facets"/.test(statement))).toEqual([]);
      for (const table of ["saved_resources", "teacher_notes", "share_links", "account_credentials", "sessions"]) {
        expect([table, reads.filter((statement) => statement.includes(`from "${table}"`)).length]).toEqual([table, 1]);
      }
      // One round trip for the member's own rows on the page (server/resources/own-on-resource.ts), not three.
      const own = reads.find((statement) => statement.includes('from "saved_resources"'));
      for (const table of ["teacher_notes", "share_links"]) expect(own).toContain(`from "${table}"`);
    } finally {
      log.stop();
    }
  });

  it("reads the member's saved, notes and links in one statement when the page is rendered whole, too", async () => {
    const someone = await member({ note: "whole", saved: true, shareToken: "w".repeat(43) });
    const log = logStatements(t.services.database.db);
    try {
      const { html } = await fetchAsBrowser(whole, someone.cookie, page);
      expect(html).toContain("whole</textarea>");
      expect(html).toContain("w".repeat(43));
      expect(html).toContain('aria-pressed="true"');
      const reads = log.all().filter((statement) => statement.startsWith("select"));
      for (const table of ["saved_resources", "teacher_notes", "share_links"]) {
        expect([table, reads.filter((statement) => statement.includes(`from "${table}"`)).length]).toEqual([table, 1]);
      }
      const own = reads.find((statement) => statement.includes('from "saved_resources"'));
      for (const table of ["teacher_notes", "share_links"]) expect(own).toContain(`from "${table}"`);
    } finally {
      log.stop();
    }
  });

  it("shows a content change at once: the kept shared part follows the site's content version", async () => {
    const someone = await member();
    expect((await fetchAsBrowser(t.app, someone.cookie, page)).html).toContain("Macbeth: freeze-frames");
    await t.database.db.updateTable("resources").set({ title: "Macbeth: freeze-frames, revised" }).where("id", "=", 1).execute();
    const after = await fetchAsBrowser(t.app, someone.cookie, page);
    expect(after.html).toContain("Macbeth: freeze-frames, revised");
    await t.database.db.updateTable("resources").set({ title: "Macbeth: freeze-frames" }).where("id", "=", 1).execute();
  });

  it("renders the page whole for a signed-in non-member, with the prompt and no member's parts", async () => {
    const email = "signed-in-visitor@example.org";
    await addPerson(t.database.db, { email });
    const { agent, token } = await browserOnLoginPage(t.app);
    const cookie = sessionCookieOf(await signInAs(agent, token, email))!.split(";")[0]!;
    const { html } = await fetchAsBrowser(t.app, cookie, page);
    expect(html).toContain('data-access="no-membership"');
    expect(html).not.toContain('data-widget="tools-panel"');
    expect(html).not.toContain('data-widget="teacher-note"');
    expect(html).toBe((await fetchAsBrowser(whole, cookie, page)).html);
  });

  it("sends the plain page to a client that takes no gzip", async () => {
    const someone = await member();
    await fetchAsBrowser(t.app, someone.cookie, page);
    const plain = await request(t.app).get(page).set("Cookie", someone.cookie).set("Accept-Encoding", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.text).toContain('data-widget="tools-panel"');
    expect(Number(plain.headers["content-length"])).toBe(Buffer.byteLength(plain.text));
  });
});

describe.runIf(postgresAdminUrl() && redisTestUrl())("a member's resource page on PostgreSQL, sessions in Redis", () => {
  let t: TestApp;
  let redis: TestRedis;
  let activityIds: number[];

  beforeAll(async () => {
    redis = await connectTestRedis();
    t = await createTestApp({ engine: "postgres", env: { REDIS_URL: redisTestUrl(), REDIS_KEY_PREFIX: redis.prefix } });
    await seedResourceFixtures(t.database.db);
    activityIds = (await t.database.db.selectFrom("resource_activities").select("id").where("resource_id", "=", 1).orderBy("position").execute()).map((row) => row.id);
  });
  afterAll(async () => {
    await t.close();
    await redis.dispose();
  });

  it("never gives a member another member's parts, with requests interleaved", async () => {
    await expectOnlyOwnParts(t, activityIds);
  });

  it("is byte for byte the page rendered whole", async () => {
    const whole = createSite({ ...t.services, config: { ...t.services.config, pageCacheMegabytes: 0 } }).app;
    const someone = await signedInMember(t, activityIds, { note: "On PostgreSQL", saved: true });
    await fetchAsBrowser(t.app, someone.cookie, page);
    const spliced = await fetchAsBrowser(t.app, someone.cookie, page);
    expect(spliced.response.headers["content-encoding"]).toBe("gzip");
    expect(spliced.html).toBe((await fetchAsBrowser(whole, someone.cookie, page)).html);
    expect(spliced.html).toContain("On PostgreSQL</textarea>");
  });
});
