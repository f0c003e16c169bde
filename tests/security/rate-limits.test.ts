import { addPerson, browserOnLoginPage, signInAs, strongPassword } from "../server/accounts/support";
import { createTestApp, type TestApp } from "../server/support/test-app";

/*
 * Rate limits on sign-in (ASVS 5.0 V6.3.1 brute force and credential
 * stuffing; V2.4.1 anti-automation). Moved from tests/server/accounts/login.test.ts.
 * The limiter and lockout mechanics themselves are unit-tested in
 * tests/server/rate-limit/ and tests/server/accounts/login-throttle.test.ts;
 * the per-form limits (contact form, password checks, sign-up, email links)
 * sit with their forms' tests.
 */
describe("sign-in failures per account", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await addPerson(t.database.db, { email: "member@example.org" });
    await addPerson(t.database.db, { email: "locked@example.org" });
  });
  afterAll(() => t.close());

  it("V6.3.1 answers the 11th failure within 15 minutes with 429 and Retry-After, then refuses even the right password", async () => {
    const { agent, token } = await browserOnLoginPage(t.app);
    const attempt = (password: string) => agent.post("/account/login/").set("X-CSRFToken", token).send({ email: "locked@example.org", password });
    for (let failure = 1; failure <= 10; failure += 1) expect((await attempt("Wrong-pass-1!")).status).toBe(401);
    const eleventh = await attempt("Wrong-pass-1!");
    expect(eleventh.status).toBe(429);
    const retryAfter = Number(eleventh.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(eleventh.body.errors.__all__[0]).toMatch(/^Too many failed sign-in attempts\. Wait 15 minutes/);
    const rightPassword = await attempt(strongPassword);
    expect(rightPassword.status).toBe(429);
    expect(rightPassword.headers["retry-after"]).toBeDefined();
    // Another account from the same address is unaffected.
    expect((await signInAs(agent, token, "member@example.org")).status).toBe(200);
  });
});

describe("sign-in failures per address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (let index = 0; index <= 10; index += 1) await addPerson(t.database.db, { email: `teacher${index}@school.example` });
  });
  afterAll(() => t.close());

  it("V6.3.1 V2.4.1 refuses the 101st failure from one address within 15 minutes, whichever accounts were tried", async () => {
    const { agent, token } = await browserOnLoginPage(t.app);
    const fail = (index: number) =>
      agent.post("/account/login/").set("X-CSRFToken", token).send({ email: `teacher${index}@school.example`, password: "Wrong-pass-1!" });
    for (let index = 0; index < 10; index += 1) {
      for (let failure = 0; failure < 10; failure += 1) expect((await fail(index)).status).toBe(401);
    }
    const hundredAndFirst = await fail(10);
    expect(hundredAndFirst.status).toBe(429);
    expect(hundredAndFirst.headers["retry-after"]).toBeDefined();
    // The whole address is refused now, even with the right password.
    const rightPassword = await agent.post("/account/login/").set("X-CSRFToken", token).send({ email: "teacher10@school.example", password: strongPassword });
    expect(rightPassword.status).toBe(429);
  }, 60_000);
});
