import request from "supertest";
import { LINK_SCHOOL_SCREEN } from "../../../contracts/rules/link-school-screen";
import { PASSWORD_HINT } from "../../../contracts/rules/password-policy";
import { planOptions } from "../../../server/domain/plans";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { addPerson, browserOnLoginPage, credentialsRow, freshToken, lastMonth, outboxFor, resetLinkIn, signInAs, strongPassword } from "./support";

const taken =
  "The email address you entered is already associated with an account. Please log in or try again with another email address.";
const ruleMessage =
  "Password must be at least 8 characters long and include uppercase & lowercase letters, a number, and a symbol.";

/** Not the config's default, so a page showing it got it from STAFF_EMAIL. */
const supportAddress = "school.links@greyfriars.example";

describe.each(databaseEngines)("sign-up on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine, env: { STAFF_EMAIL: supportAddress } });
    await addPerson(t.database.db, { email: "existing@example.org" });
    await addPerson(t.database.db, { email: "imported@example.org", password: null, firstName: "Morag" });
    await addPerson(t.database.db, { email: "lapsed@example.org", firstName: "Sam", membershipExpiresAt: lastMonth() });
    await addPerson(t.database.db, { email: "current@example.org", firstName: "Cass", membershipExpiresAt: new Date(Date.now() + 20 * 86_400_000) });
  });
  afterAll(() => t.close());

  const newPerson = (overrides: Record<string, string> = {}) => ({
    first_name: "Ada",
    last_name: "Okoro",
    phone_number: "01632 960 555",
    email: "ada.okoro@school.example",
    password: strongPassword,
    next: "/resources/",
    ...overrides,
  });

  describe("GET /account/lookup/", () => {
    const lookup = (email: string) => request(t.app).get("/account/lookup/").query({ email }).set("Accept", "application/json");

    it("answers an unknown email with email null", async () => {
      const response = await lookup("Nobody@Example.org ");
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ resetPassword: false, email: null });
    });

    it("answers an existing account with its (normalised) email", async () => {
      expect((await lookup("  EXISTING@example.org")).body).toEqual({ resetPassword: false, email: "existing@example.org" });
    });

    it("sends a set-password email to an account without a password and answers resetPassword: true", async () => {
      const response = await lookup("imported@example.org");
      expect(response.body).toEqual({ resetPassword: true, email: "imported@example.org" });
      const [mail] = await outboxFor(t.database.db, "imported@example.org");
      expect(mail?.template).toBe("set-password");
      expect(mail?.text_body).toContain("Morag");
      expect(resetLinkIn(mail!.text_body)).toMatch(/^\/account\/reset-password\/[A-Za-z0-9_-]{43}\/$/);
    });

    it.each([
      ["", "Please enter your email."],
      ["not-an-email", "Please enter a valid email address"],
      ["two@@example.org", "Please enter a valid email address"],
    ])("refuses %j with %j", async (email, message) => {
      const response = await lookup(email);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, errors: { email: [message] } });
    });

    it("answers a plain form with the next screen: createAccount with the email and the spec's notice", async () => {
      const page = await request(t.app).get("/account/lookup/").query({ email: "new.teacher@school.example", next: "/resources/" });
      expect(page.type).toBe("text/html");
      expect(page.text).toContain("No account found with that email address. Please register.");
      expect(page.text).toContain('action="/account/register/"');
      expect(page.text).toContain('value="new.teacher@school.example"');
      expect(page.text).toContain('<input type="hidden" name="next" value="/resources/">');
      // The password hint is the one rule's (contracts/rules/password-policy.ts), said before it is broken.
      expect(page.text).toContain(PASSWORD_HINT);
    });

    it.each([
      ["no account (createAccount)", "new.teacher@school.example", 200],
      ["an existing account", "existing@example.org", 200],
      ["a refused email", "not-an-email", 400],
    ])("answers a plain form for %s with the support address (STAFF_EMAIL) in the no-JavaScript advice", async (_case, email, status) => {
      const page = await request(t.app).get("/account/lookup/").query({ email });
      expect(page.status).toBe(status);
      expect(page.text).toContain(`<a href="mailto:${supportAddress}">${supportAddress}</a> with your school's name`);
      expect(page.text).not.toContain('href="mailto:"');
    });

    it("answers a plain form for an existing account with the existing-account message", async () => {
      const page = await request(t.app).get("/account/lookup/").query({ email: "existing@example.org" });
      expect(page.text).toContain(taken);
      expect(page.text).toContain('href="/account/login/?next=%2Faccount%2Fmy-account%2F"');
    });

    it("is rate-limited per address", async () => {
      const limited = await createTestApp({ engine });
      try {
        let last = 0;
        for (let index = 0; index < 61; index += 1) {
          last = (await request(limited.app).get("/account/lookup/").query({ email: `someone${index}@example.org` }).set("Accept", "application/json")).status;
        }
        expect(last).toBe(429);
      } finally {
        await limited.close();
      }
    });
  });

  describe("POST /account/register/", () => {
    it("creates the account, signs the person in and answers IsLoggedIn", async () => {
      const { agent, token } = await browserOnLoginPage(t.app, "/account/register/");
      const response = await agent.post("/account/register/").set("X-CSRFToken", token).send(newPerson({ email: "  Ada.Okoro@School.example" }));
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ IsLoggedIn: true, constituentId: expect.any(Number), csrfToken: expect.any(String) });
      // Signing in rotated the session: the old token is refused, the answered one works (the wizard goes on posting).
      const school = { constituentId: 999999 };
      expect((await agent.post("/account/school-check").set("X-CSRFToken", token).send(school)).status).toBe(403);
      expect((await agent.post("/account/school-check").set("X-CSRFToken", response.body.csrfToken).send(school)).status).toBe(404);
      const status = await agent.get("/account/session-status/").set("Accept", "application/json");
      expect(status.body.session_data.login_info).toEqual({ email: "ada.okoro@school.example" });
      const row = await t.database.db.selectFrom("constituents").selectAll().where("email", "=", "ada.okoro@school.example").executeTakeFirstOrThrow();
      expect(row).toMatchObject({ first_name: "Ada", last_name: "Okoro", phone_number: "01632 960 555", prefix: -1 });
      // The CRM's record holds no credential: they are accounts' own, keyed by the person's id.
      expect(Object.keys(row)).not.toEqual(expect.arrayContaining(["password_hash"]));
      const credentials = await credentialsRow(t.database.db, row.id);
      expect(credentials).toMatchObject({ auth_version: 1, email_verified_at: null });
      expect(credentials!.password_hash).toMatch(/^scrypt\$/);
      expect(credentials!.password_hash).not.toContain(strongPassword);
    });

    it("refuses a taken email with the spec's message on the email field", async () => {
      const { agent, token } = await browserOnLoginPage(t.app, "/account/register/");
      const response = await agent.post("/account/register/").set("X-CSRFToken", token).send(newPerson({ email: "Existing@example.org" }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, IsLoggedIn: false, errors: { email: [taken] } });
    });

    it.each([
      ["first_name", "", "Enter your first name"],
      ["last_name", " ", "Enter your last name"],
      ["phone_number", "call me", "Enter a telephone number, like 01632 960 001 or +44 808 157 0192"],
      ["email", "", "Please enter your email."],
      ["email", "nope", "Please enter a valid email address"],
      ["password", "short1!", ruleMessage],
      ["password", "alllowercase1!", ruleMessage],
      ["password", "NoNumbers!!", ruleMessage],
      ["password", "NoSymbols123", ruleMessage],
      ["password", "P@ssw0rd", "This password is too easy to guess. Choose a password that is not a common word or pattern."],
      ["password", "Password1!", "This password is too easy to guess. Choose a password that is not a common word or pattern."],
    ])("refuses %s=%j with %j", async (field, value, message) => {
      const { agent, token } = await browserOnLoginPage(t.app, "/account/register/");
      const response = await agent.post("/account/register/").set("X-CSRFToken", token).send(newPerson({ email: "fresh@example.org", [field]: value }));
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ [field]: [message] });
    });

    it("accepts a long passphrase (no upper limit below 64 characters)", async () => {
      const { agent, token } = await browserOnLoginPage(t.app, "/account/register/");
      const passphrase = "Correct horse battery staple, 1606 performances of Macbeth! ".repeat(2);
      const response = await agent.post("/account/register/").set("X-CSRFToken", token).send(newPerson({ email: "long@example.org", password: passphrase }));
      expect(response.status).toBe(201);
    });

    it("refuses a sign-up without the CSRF token", async () => {
      const response = await request(t.app).post("/account/register/").send(newPerson({ email: "csrf@example.org" }));
      expect(response.status).toBe(403);
      expect(await t.database.db.selectFrom("constituents").select("id").where("email", "=", "csrf@example.org").executeTakeFirst()).toBeUndefined();
    });

    it("redirects a plain form to next once signed in", async () => {
      const { agent, token } = await browserOnLoginPage(t.app, "/account/register/");
      const response = await agent.post("/account/register/").type("form").send({ _csrf: token, ...newPerson({ email: "form@example.org" }) });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe("/resources/");
    });

    it("re-renders a plain form with per-field errors and the typed values, never the password", async () => {
      const { agent, token } = await browserOnLoginPage(t.app, "/account/register/");
      const response = await agent
        .post("/account/register/")
        .type("form")
        .send({ _csrf: token, ...newPerson({ first_name: "", email: "existing@example.org", password: "Weak-but-typed" }) });
      expect(response.status).toBe(400);
      expect(response.text).toContain("Enter your first name");
      expect(response.text).toContain(taken);
      expect(response.text).toContain('value="Okoro"');
      expect(response.text).not.toContain("Weak-but-typed");
      expect(response.text).toContain(`href="mailto:${supportAddress}"`);
      expect(response.text).not.toContain('href="mailto:"');
    });

    it.each(["https://evil.example", "//evil.example", "/\\evil.example", "http:evil.example", "javascript:alert(1)"])(
      "falls back to /account/my-account/ for next=%s",
      async (payload) => {
        const { agent, token } = await browserOnLoginPage(t.app, "/account/register/");
        const email = `redirect${Math.random().toString(36).slice(2)}@example.org`;
        const response = await agent.post("/account/register/").type("form").send({ _csrf: token, ...newPerson({ email, next: payload }) });
        expect(response.headers.location).toBe("/account/my-account/");
      },
    );
  });

  describe("GET /account/register/", () => {
    it("carries the wizard's starting data, returnURL overriding next", async () => {
      const page = await request(t.app).get("/account/register/").query({ returnURL: "/resources/", next: "/events/", email: "Invited@School.example" });
      expect(page.text).toContain('data-widget="register-wizard"');
      expect(page.text).toContain('data-next="/resources/"');
      expect(page.text).toContain('data-return-url="/resources/"');
      expect(page.text).toContain('data-email="invited@school.example"');
      expect(page.text).toMatch(/data-support-email="[^"@]+@[^"]+"/);
      expect(page.text).toContain('action="/account/register/"');
    });

    it("starts at the lookup form, and never takes an unsafe returnURL", async () => {
      const page = await request(t.app).get("/account/register/").query({ returnURL: "//evil.example", next: "/events/" });
      expect(page.text).toContain('data-next="/account/my-account/"');
      // Only the header's sign-in link may carry the raw query (escaped, as its own next, which the login page checks).
      expect(page.text).not.toMatch(/(data-[a-z-]+|value)="[^"]*evil\.example/);
      const plain = await request(t.app).get("/account/register/?link-school=true&paymentStatus=approved&sessionId=abc123");
      expect(plain.text).toContain('action="/account/lookup/"');
      expect(plain.text).toContain('data-link-school="true"');
      expect(plain.text).toContain('data-payment-status="approved"');
      expect(plain.text).toContain('data-session-id="abc123"');
    });

    it("gives the school flow its ids, the support address, and says the school steps need JavaScript", async () => {
      const page = await request(t.app).get("/account/register/");
      expect(page.text).toContain('data-email-domain-keyword-id="671"');
      expect(page.text).toContain('data-user-seat-benefit-id="301"');
      expect(page.text).toContain('data-admin-seat-benefit-id="302"');
      expect(page.text).toMatch(/data-support-email="[^"]+@[^"]+"/);
      expect(page.text).toContain("Linking your account to a school needs JavaScript");
      expect(page.text).toContain("<h1 class=\"page-header__title\">Create an account</h1>");
    });

    it("gives the plan screens the plans, the fund and the membership levels, as escaped JSON", async () => {
      const page = await request(t.app).get("/account/register/");
      const attribute = (name: string) => {
        const raw = new RegExp(`${name}="([^"]*)"`).exec(page.text)?.[1] ?? "";
        return raw.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
      };
      expect(JSON.parse(attribute("data-plans"))).toEqual(planOptions());
      expect(planOptions().filter((plan) => plan.planType === "school-annual").map((plan) => plan.priceText)).toEqual([
        "Annual plan £60.00",
        "Annual plan £250.00",
        "Annual plan £400.00",
      ]);
      expect(page.text).toContain('data-fund-id="17"');
      expect(page.text).toContain('data-individual-level-id="95"');
      expect(JSON.parse(attribute("data-seat-levels"))).toEqual([
        { id: 95, seats: 1 },
        { id: 96, seats: 5 },
        { id: 97, seats: 10 },
      ]);
    });

    it("greets a new visitor with no alert, and its Why panel says whom membership is free for, beside the paid plans (issue 23, plain copy)", async () => {
      const page = await request(t.app).get("/account/register/");
      // Nothing has gone wrong for someone who has just arrived: no alert box or live alert, with JavaScript or without.
      expect(page.text).not.toMatch(/class="[^"]*\balert\b/);
      expect(page.text).not.toContain('role="alert"');
      const why = /<aside class="auth-page__aside"[\s\S]*?<\/aside>/.exec(page.text)?.[0] ?? "";
      expect(why).toContain(">Why join<");
      // "Free" only with whom it is free for, and each pathway's way to a membership.
      expect(why).not.toMatch(/Free for teachers/);
      expect(why).toContain("<dt>At a UK state school</dt>");
      expect(why).toMatch(/<dd>Free, through your school's membership/);
      expect(why).toContain("<dt>Homeschool, or on your own</dt>");
      expect(why).toContain("<dd>A personal plan, paid yearly or monthly.</dd>");
    });

    it("gives a lapsed individual the renewal's heading and a Why renew panel, with no free state membership beside their plans (issue 23, item 3)", async () => {
      const { agent, token } = await browserOnLoginPage(t.app);
      await signInAs(agent, token, "lapsed@example.org");
      const page = await agent.get("/account/register/?link-school=true");
      expect(page.text).toContain('<h1 class="page-header__title">Renew your membership</h1>');
      // Told what renewing keeps, not invited to join.
      expect(page.text).toContain("Keep your saved resources and notes: choose your plan to renew.");
      expect(page.text).not.toContain("Join thousands of teachers");
      const why = /<aside class="auth-page__aside"[\s\S]*?<\/aside>/.exec(page.text)?.[0] ?? "";
      expect(why).toContain(">Why renew<");
      expect(why).toContain("Your saved resources and your notes for each lesson are kept");
      expect(why).not.toMatch(/Free|state school/i);
      expect(page.text).not.toContain('role="alert"');
    });

    it("from a membership reminder's link (?renew=individual), starts a current member at their plans with the date it ends; without it, as usual", async () => {
      const { agent, token } = await browserOnLoginPage(t.app);
      await signInAs(agent, token, "current@example.org");
      const early = await agent.get("/account/register/?link-school=true&renew=individual&next=%2Faccount%2Fmy-account%2F");
      expect(early.text).toContain('<h1 class="page-header__title">Renew your membership</h1>');
      const renewal = /data-renewal="([^"]*)"/.exec(early.text)?.[1] ?? "";
      expect(JSON.parse(renewal.replaceAll("&quot;", '"'))).toMatchObject({ kind: "individual", endedOn: null, pathway: "individual" });
      expect(renewal).toContain("endsOn");
      const usual = await agent.get("/account/register/?link-school=true");
      expect(usual.text).toContain('<h1 class="page-header__title">Set up your membership</h1>');
      expect(usual.text).not.toContain("data-renewal=");
      // A renewal starts at its plans, so Link your school's intro is not painted while the wizard loads.
      expect(early.text).not.toContain(LINK_SCHOOL_SCREEN.intro);
      expect(usual.text).toContain(`<p class="register-wizard__intro register-wizard__while-loading">${LINK_SCHOOL_SCREEN.intro}</p>`);
    });

    it("heads a signed-in user's page 'Set up your membership' (a school or a personal plan), with the no-JavaScript contact route", async () => {
      const { agent, token } = await browserOnLoginPage(t.app);
      await signInAs(agent, token, "existing@example.org");
      const page = await agent.get("/account/register/?link-school=true");
      expect(page.text).toContain("<h1 class=\"page-header__title\">Set up your membership</h1>");
      expect(page.text).not.toContain(">Create an account<");
      expect(page.text).toMatch(/data-constituent-id="\d+"/);
      expect(page.text).toContain("Linking your account to a school needs JavaScript, which is turned off or blocked in this browser.");
      // Where the wizard will start, its first screen's heading and intro, from the one copy the widget shows too.
      expect(page.text).toContain(`<h2 class="register-wizard__title register-wizard__while-loading">${LINK_SCHOOL_SCREEN.title}</h2>`);
      expect(page.text).toContain(`<p class="register-wizard__intro register-wizard__while-loading">${LINK_SCHOOL_SCREEN.intro}</p>`);
      expect(page.text).toContain('<p class="register-wizard__close"><a href="/">Close</a></p>');
    });

    it("paints Link your school's intro only where the wizard starts there: not back from the payment page, nor at a later step", async () => {
      const { agent, token } = await browserOnLoginPage(t.app);
      await signInAs(agent, token, "existing@example.org");
      const payment = await agent.get("/account/register/?paymentStatus=approved&sessionId=cs_test_1");
      expect(payment.text).toContain("Loading your membership options…");
      expect(payment.text).not.toContain(LINK_SCHOOL_SCREEN.intro);
      expect(payment.text).toContain(`<h2 class="register-wizard__title">${LINK_SCHOOL_SCREEN.title}</h2>`);
      const signedInToken = await freshToken(agent, "/account/my-account/");
      await agent.put("/account/register/progress/").set("X-CSRFToken", signedInToken).send({ pathway: "state-school", school: null, step: "confirmSchool" }).expect(204);
      const later = await agent.get("/account/register/?step=confirmSchool");
      expect(later.text).not.toContain(LINK_SCHOOL_SCREEN.intro);
      await agent.put("/account/register/progress/").set("X-CSRFToken", signedInToken).send({ pathway: "state-school", school: null, step: LINK_SCHOOL_SCREEN.step }).expect(204);
      const back = await agent.get(`/account/register/?step=${LINK_SCHOOL_SCREEN.step}`);
      expect(back.text).toContain(LINK_SCHOOL_SCREEN.intro);
    });
  });
});
