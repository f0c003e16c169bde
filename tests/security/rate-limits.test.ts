import { addPerson, browserOnLoginPage, signInAs, strongPassword } from "../server/accounts/support";
import { browserWithPage } from "../server/support/pages";
import { createTestApp, type TestApp } from "../server/support/test-app";

/*
 * Rate limits on sign-in (ASVS 5.0 V6.3.1 brute force and credential
 * stuffing; V2.4.1 anti-automation). Moved from tests/server/accounts/login.test.ts.
 * The limiter and lockout mechanics themselves are unit-tested in
 * tests/server/rate-limit/ and tests/server/accounts/login-throttle.test.ts;
 * the per-form limits (contact form, password checks, sign-up, email links)
 * sit with their forms' tests.
 */
describe("sign-in failures per account and address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await addPerson(t.database.db, { email: "member@example.org" });
    await addPerson(t.database.db, { email: "locked@example.org" });
  });
  afterAll(() => t.close());

  it("V6.3.1 answers the 11th failure for an account from one address within 15 minutes with 429 and Retry-After, then refuses even the right password from there", async () => {
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

describe("sign-in failures from other addresses (ASVS V6.3.1: the control must not lock the owner out)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "true" } });
    await addPerson(t.database.db, { email: "targeted@example.org" });
  });
  afterAll(() => t.close());

  it("V6.3.1 an attacker failing 10+ times from another address does not stop the owner signing in from theirs with the right password", async () => {
    const attacker = await browserWithPage(t.app);
    const attack = () =>
      attacker.agent
        .post("/account/login/")
        .set("X-Forwarded-For", "203.0.113.66")
        .set("X-CSRFToken", attacker.token)
        .send({ email: "targeted@example.org", password: "Guess-pass-1!" });
    for (let failure = 1; failure <= 10; failure += 1) expect((await attack()).status).toBe(401);
    for (let failure = 11; failure <= 13; failure += 1) expect((await attack()).status).toBe(429);
    // Even the right password is refused from the attacker's address…
    const attackerRight = await attacker.agent
      .post("/account/login/")
      .set("X-Forwarded-For", "203.0.113.66")
      .set("X-CSRFToken", attacker.token)
      .send({ email: "targeted@example.org", password: strongPassword });
    expect(attackerRight.status).toBe(429);

    // …but the owner, at home, signs in at once.
    const owner = await browserWithPage(t.app);
    const signedIn = await owner.agent
      .post("/account/login/")
      .set("X-Forwarded-For", "192.0.2.10")
      .set("X-CSRFToken", owner.token)
      .send({ email: "targeted@example.org", password: strongPassword, next: "/account/my-account/" });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.IsLoggedIn).toBe(true);
  });
});

describe("sign-in failures per address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (let index = 0; index <= 10; index += 1) await addPerson(t.database.db, { email: `teacher${index}@school.example` });
  });
  afterAll(() => t.close());

  it("V6.3.1 V2.4.1 throttles one address spraying many accounts: the 101st failure within 15 minutes is refused, whichever accounts were tried", async () => {
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
