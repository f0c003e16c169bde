import { createSqlCrm } from "../../../server/crm/sql-crm";
import { NO_SEATS_MESSAGE } from "../../../server/schools/seats/seat-grants-refusals";
import { addPerson, setEmailVerifiedAt, strongPassword } from "../accounts/support";
import { addSchool, ids } from "../memberships/support";
import { markNotEmpty, SiteBrowser, startAppProcess, type AppProcess } from "../support/app-processes";
import { createTestDatabase, postgresAdminUrl, type TestDatabase } from "../support/databases";
import { connectTestRedis, redisTestUrl, type TestRedis } from "../support/redis";

/*
 * Issue 14, "Several processes": two real app processes (tsx server/main.ts)
 * on different ports, one PostgreSQL database and one Redis (under a key
 * prefix of this run's own), serving one site (one PUBLIC_URL, as behind a
 * proxy). Whatever one process stores, the other must see.
 */

const canRun = Boolean(postgresAdminUrl() && redisTestUrl());

describe.skipIf(!canRun)("two app processes, one PostgreSQL and one Redis", () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let a: AppProcess;
  let b: AppProcess;
  let site: string;

  beforeAll(async () => {
    [database, redis] = await Promise.all([createTestDatabase("postgres"), connectTestRedis()]);
    await markNotEmpty(database);
    site = "http://127.0.0.1:8443";
    const shared = { databaseUrl: database.url, redisUrl: redisTestUrl(), redisKeyPrefix: redis.prefix, publicUrl: site };
    [a, b] = await Promise.all([startAppProcess(shared), startAppProcess(shared)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await Promise.all([database?.dispose(), redis?.dispose()]);
  });

  /** A person with a password, at a school's domain, email verified. */
  const person = async (email: string) => {
    const id = await addPerson(database.db, { email });
    await setEmailVerifiedAt(database.db, id);
    return id;
  };

  const expectSentToSignIn = (response: Response) => {
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/account\/login\//);
  };

  it("keeps the session in Redis under this run's prefix: signed in on A, signed in on B", async () => {
    await person("both@example.org");
    const browser = new SiteBrowser(site);
    expectSentToSignIn(await browser.request(b.baseUrl, "/account/my-account/"));

    const token = await browser.csrfToken(a.baseUrl);
    const signedIn = await browser.signIn(a.baseUrl, token, "both@example.org", strongPassword);
    expect(signedIn.status).toBe(200);

    const onB = await browser.request(b.baseUrl, "/account/my-account/");
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain("both@example.org");
    const sessionKeys = await redis.client.keys(`${redis.prefix}sess:*`);
    expect(sessionKeys.length).toBeGreaterThan(0);
  });

  it("accepts on B a CSRF token issued by A, and refuses a wrong one", async () => {
    await person("token@example.org");
    const browser = new SiteBrowser(site);
    await browser.signIn(a.baseUrl, await browser.csrfToken(a.baseUrl), "token@example.org", strongPassword);
    const tokenFromA = await browser.csrfToken(a.baseUrl, "/account/my-account/");

    const forged = await browser.request(b.baseUrl, "/account/logout/", { method: "POST", json: {}, headers: { "X-CSRFToken": `${tokenFromA}x` } });
    expect(forged.status).toBe(403);
    expect((await browser.request(a.baseUrl, "/account/my-account/")).status).toBe(200);

    const logout = await browser.request(b.baseUrl, "/account/logout/", { method: "POST", json: {}, headers: { "X-CSRFToken": tokenFromA } });
    expect(logout.status).toBe(200);
    // Signed out everywhere: the session B ended is the one A reads.
    expectSentToSignIn(await browser.request(a.baseUrl, "/account/my-account/"));
  });

  it("adds up sign-in failures on both processes to one limit: the 11th failure, wherever it lands, is refused", async () => {
    await person("target@example.org");
    const browser = new SiteBrowser(site);
    const tokens = { [a.baseUrl]: await browser.csrfToken(a.baseUrl), [b.baseUrl]: "" };
    tokens[b.baseUrl] = tokens[a.baseUrl]!; // one session, one token, on either process
    const attempt = (baseUrl: string, password = "Wrong-pass-1!") => browser.signIn(baseUrl, tokens[baseUrl]!, "target@example.org", password);

    // Ten failures, alternating: each process alone has counted only five.
    for (let failure = 1; failure <= 10; failure += 1) {
      expect((await attempt(failure % 2 === 1 ? a.baseUrl : b.baseUrl)).status).toBe(401);
    }
    const eleventh = await attempt(a.baseUrl);
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    // The lock holds on the other process too, even for the right password.
    expect((await attempt(b.baseUrl, strongPassword)).status).toBe(429);
  });

  it("gives a school's last seat to exactly one of 20 concurrent claims split across both processes", async () => {
    const crm = createSqlCrm(database.db, ids);
    const { schoolId, membershipId } = await addSchool(database.db, crm, { name: "Larch Academy", kind: "independent", domains: ["larch.org.uk"], seats: 1 });
    const people = await Promise.all(Array.from({ length: 20 }, (_, n) => person(`racer${n}@larch.org.uk`)));
    const claimants = await Promise.all(
      people.map(async (id, n) => {
        const server = n % 2 === 0 ? a : b;
        const browser = new SiteBrowser(site);
        const signedIn = await browser.signIn(server.baseUrl, await browser.csrfToken(server.baseUrl), `racer${n}@larch.org.uk`, strongPassword);
        expect(signedIn.status).toBe(200);
        return { id, server, browser, token: await browser.csrfToken(server.baseUrl, "/account/my-account/") };
      }),
    );

    const usage = (constituentId: number) => ({ Benefit: { Id: ids.seatBenefits.userSeat }, Constituent: { Id: constituentId }, Membership: { Id: membershipId } });
    const answers = await Promise.all(
      claimants.map(async ({ id, server, browser, token }) => {
        const response = await browser.request(server.baseUrl, "/account/manual-benefit-usage/", { method: "POST", json: usage(id), headers: { "X-CSRFToken": token } });
        return { status: response.status, body: (await response.json()) as { errors?: { __all__?: string[] } } };
      }),
    );

    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(19);
    for (const answer of refused) expect(answer.body.errors?.__all__).toEqual([NO_SEATS_MESSAGE]);
    // And in the database: one active usage, one affiliation at the school.
    const [seat] = (await crm.seatBenefits(membershipId)).filter((benefit) => benefit.Benefit.Id === ids.seatBenefits.userSeat);
    expect(seat).toMatchObject({ TotalAvailable: 1, TotalRemaining: 0 });
    const affiliations = await crm.affiliations({ groupConstituentId: schoolId, currentAt: new Date() });
    expect(affiliations).toHaveLength(1);
  });
});
