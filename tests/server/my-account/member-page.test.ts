import { createSite } from "../../../server/app";
import { addPerson, browserOnLoginPage, inAYear, signInAs } from "../accounts/support";
import { csrfTokenOf, fetchAsBrowser, sessionCookieOf, type PageApp } from "../support/pages";
import { postgresAdminUrl } from "../support/databases";
import { connectTestRedis, redisTestUrl, type TestRedis } from "../support/redis";
import { createTestApp, type TestApp } from "../support/test-app";
import { myAccountPath } from "./support";

let people = 0;

async function signedInMember(t: TestApp, firstName: string) {
  const email = `${firstName.toLowerCase()}${++people}@example.org`;
  const id = await addPerson(t.database.db, { email, firstName, membershipExpiresAt: inAYear() });
  const { agent, token } = await browserOnLoginPage(t.app);
  const cookie = sessionCookieOf(await signInAs(agent, token, email))!.split(";")[0]!;
  return { id, email, cookie };
}

/** Two members' requests interleaved: each page carries only its member's name, email and CSRF token. */
async function expectOnlyOwnPage(t: TestApp) {
  const [ada, ben] = await Promise.all([signedInMember(t, "Adaora"), signedInMember(t, "Benedikt")]);
  const tokens = [csrfTokenOf((await fetchAsBrowser(t.app, ada.cookie, myAccountPath)).html), csrfTokenOf((await fetchAsBrowser(t.app, ben.cookie, myAccountPath)).html)];
  expect(tokens[0]).not.toBe(tokens[1]);
  const own = [
    { cookie: ada.cookie, values: ["Hello, Adaora", ada.email, tokens[0]!] },
    { cookie: ben.cookie, values: ["Hello, Benedikt", ben.email, tokens[1]!] },
  ];
  const order = Array.from({ length: 20 }, (_, n) => n % 2);
  const pages = await Promise.all(order.map((index) => fetchAsBrowser(t.app, own[index]!.cookie, myAccountPath).then(({ response, html }) => ({ index, response, html }))));
  for (const { index, response, html } of pages) {
    expect(response.headers["content-encoding"]).toBe("gzip");
    for (const value of own[index]!.values) expect(html).toContain(value);
    for (const value of own[1 - index]!.values) expect(html).not.toContain(value);
  }
}

/*
 * Issue 27: My account is the layout every member shares, rendered once and
 * kept, with the person's own <main> (and the layout's personal parts)
 * rendered into it per request (server/cache/http/member-pages.ts).
 */
describe("My account: the shared layout once, the person's own main rendered into it", () => {
  let t: TestApp;
  /** The same services without kept member pages: rendered whole, as before. */
  let whole: PageApp;
  beforeAll(async () => {
    t = await createTestApp();
    whole = createSite({ ...t.services, config: { ...t.services.config, pageCacheMegabytes: 0 } }).app;
  });
  afterAll(() => t.close());

  const member = (firstName: string) => signedInMember(t, firstName);

  it("is byte for byte the page rendered whole, gzip-encoded and personal", async () => {
    const someone = await member("Priya");
    await fetchAsBrowser(t.app, someone.cookie, myAccountPath);
    const spliced = await fetchAsBrowser(t.app, someone.cookie, myAccountPath);
    const rendered = await fetchAsBrowser(whole, someone.cookie, myAccountPath);
    expect(spliced.response.headers["content-encoding"]).toBe("gzip");
    expect(spliced.html).toBe(rendered.html);
    expect(spliced.html).toContain("Hello, Priya");
    expect(spliced.html).toContain(`data-account-detail="Email">${someone.email}</strong>`);
    expect(spliced.response.headers["cache-control"]).toBe("private, no-store");
    expect(spliced.response.headers["content-security-policy"]).toBe(rendered.response.headers["content-security-policy"]);
  });

  it("never gives a member another member's page, with requests interleaved", async () => {
    await expectOnlyOwnPage(t);
  });
});

describe.runIf(postgresAdminUrl() && redisTestUrl())("My account on PostgreSQL, sessions in Redis", () => {
  let t: TestApp;
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await connectTestRedis();
    t = await createTestApp({ engine: "postgres", env: { REDIS_URL: redisTestUrl(), REDIS_KEY_PREFIX: redis.prefix } });
  });
  afterAll(async () => {
    await t.close();
    await redis.dispose();
  });

  it("never gives a member another member's page, with requests interleaved", async () => {
    await expectOnlyOwnPage(t);
  });

  it("is byte for byte the page rendered whole", async () => {
    const whole = createSite({ ...t.services, config: { ...t.services.config, pageCacheMegabytes: 0 } }).app;
    const someone = await signedInMember(t, "Priya");
    await fetchAsBrowser(t.app, someone.cookie, myAccountPath);
    const spliced = await fetchAsBrowser(t.app, someone.cookie, myAccountPath);
    expect(spliced.response.headers["content-encoding"]).toBe("gzip");
    expect(spliced.html).toBe((await fetchAsBrowser(whole, someone.cookie, myAccountPath)).html);
  });
});
