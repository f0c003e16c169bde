import request from "supertest";
import { databaseEngines } from "../support/databases";
import { csrfTokenOf, sessionCookieOf } from "../support/pages";
import { createTestApp, type TestApp } from "../support/test-app";
import { addPerson, browserOnLoginPage, inAYear, lastMonth, signInAs, strongPassword } from "./support";

/** The session id inside a signed `sid` cookie (s:<id>.<signature>). */
const sidOf = (cookie: string | undefined) => /^sid=s:([^.]+)\./.exec(decodeURIComponent(cookie ?? ""))?.[1];

describe.each(databaseEngines)("sign-in on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    await addPerson(t.database.db, { email: "member@example.org", firstName: "Priya", membershipExpiresAt: inAYear() });
    await addPerson(t.database.db, { email: "lapsed@example.org", membershipExpiresAt: lastMonth() });
    await addPerson(t.database.db, { email: "nomembership@example.org" });
    await addPerson(t.database.db, { email: "locked@example.org" });
    await addPerson(t.database.db, { email: "staff-made@example.org", password: null });
  });
  afterAll(() => t.close());

  it("renders the login page with the widget root, the form and a safe next", async () => {
    const page = await request(t.app).get("/account/login/?next=%2Fresources%2F%3Fpage%3D2");
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-widget="login-form"');
    expect(page.text).toContain('data-next="/resources/?page=2"');
    expect(page.text).toContain('<form class="login-form__form" method="post" action="/account/login/">');
    expect(page.text).toContain('name="_csrf"');
    expect(page.text).toContain('<input type="hidden" name="next" value="/resources/?page=2">');
    expect(page.text).toContain('href="/account/forgot-password/"');
  });

  it("defaults next to /account/my-account/", async () => {
    const page = await request(t.app).get("/account/login/");
    expect(page.text).toContain('data-next="/account/my-account/"');
  });

  it("creates the session on POST /account/session/ with a CSRF token, and refuses it without one", async () => {
    const { agent, token } = await browserOnLoginPage(t.app);
    const created = await agent.post("/account/session/").set("X-CSRFToken", token).send();
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ success: true, session_created: true });
    const refused = await agent.post("/account/session/").send();
    expect(refused.status).toBe(403);
  });

  it("answers IsLoggedIn, the affiliation and the member's own membership expiry", async () => {
    const { agent, token } = await browserOnLoginPage(t.app);
    const response = await agent
      .post("/account/login/")
      .set("X-CSRFToken", token)
      .send({ email: "  Member@Example.org ", password: strongPassword, next: "/resources/" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      IsLoggedIn: true,
      affiliation_type: "individual",
      school_membership_data: { ExpirationDateTime: expect.any(String) },
    });
    expect(Date.parse(response.body.school_membership_data.ExpirationDateTime)).toBeGreaterThan(Date.now());
    const status = await agent.get("/account/session-status/").set("Accept", "application/json");
    expect(status.body.session_data.login_info).toEqual({ email: "member@example.org" });
  });

  it("answers a person without a membership with a null affiliation and membership", async () => {
    const { agent, token } = await browserOnLoginPage(t.app);
    const response = await signInAs(agent, token, "nomembership@example.org");
    expect(response.body).toEqual({ IsLoggedIn: true, affiliation_type: null, school_membership_data: null });
  });

  it("gives the session a new id on sign-in and deletes the old one", async () => {
    const { agent, token } = await browserOnLoginPage(t.app);
    const before = sidOf(sessionCookieOf(await agent.get("/account/login/")));
    const after = sidOf(sessionCookieOf(await signInAs(agent, token, "member@example.org")));
    expect(before).toBeDefined();
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const stored = await t.database.db.selectFrom("sessions").select("sid").execute();
    expect(stored.map((row) => row.sid)).toContain(after);
    expect(stored.map((row) => row.sid)).not.toContain(before);
  });

  it("says 'Please enter email and password' when either is missing", async () => {
    const { agent, token } = await browserOnLoginPage(t.app);
    for (const body of [{ email: "member@example.org" }, { password: strongPassword }, { email: "  ", password: "" }]) {
      const response = await agent.post("/account/login/").set("X-CSRFToken", token).send(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, IsLoggedIn: false, errors: { __all__: ["Please enter email and password"] } });
    }
  });

  it("gives an unknown email and a wrong password the same answer", async () => {
    const { agent, token } = await browserOnLoginPage(t.app);
    const wrongPassword = await agent.post("/account/login/").set("X-CSRFToken", token).send({ email: "member@example.org", password: "Wrong-pass-1!" });
    const unknownEmail = await agent.post("/account/login/").set("X-CSRFToken", token).send({ email: "nobody@example.org", password: "Wrong-pass-1!" });
    const noPasswordYet = await agent.post("/account/login/").set("X-CSRFToken", token).send({ email: "staff-made@example.org", password: "Wrong-pass-1!" });
    for (const response of [wrongPassword, unknownEmail, noPasswordYet]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        success: false,
        IsLoggedIn: false,
        errors: { __all__: ["Login failed. Please check your credentials and try again."] },
      });
    }
  });

  it("refuses a login without the CSRF token", async () => {
    const response = await request(t.app).post("/account/login/").send({ email: "member@example.org", password: strongPassword });
    expect(response.status).toBe(403);
    expect(response.body.IsLoggedIn).toBeUndefined();
  });

  describe("without JavaScript (form posts)", () => {
    const form = async (fields: Record<string, string>) => {
      const { agent, token } = await browserOnLoginPage(t.app);
      const response = await agent.post("/account/login/").type("form").send({ _csrf: token, ...fields });
      return { agent, response };
    };

    it("sends a member with a valid membership to next", async () => {
      const { response } = await form({ email: "member@example.org", password: strongPassword, next: "/resources/?page=2" });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe("/resources/?page=2");
    });

    it("sends a lapsed member to the register page to link a school, keeping next", async () => {
      const { response } = await form({ email: "lapsed@example.org", password: strongPassword, next: "/resources/" });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe("/account/register/?link-school=true&next=%2Fresources%2F");
    });

    it("re-renders the form with the message and the email, never the password", async () => {
      const { response } = await form({ email: "member@example.org", password: "Wrong-pass-1!", next: "/resources/" });
      expect(response.status).toBe(401);
      expect(response.type).toBe("text/html");
      expect(response.text).toContain("Login failed. Please check your credentials and try again.");
      expect(response.text).toContain('value="member@example.org"');
      expect(response.text).toContain('<input type="hidden" name="next" value="/resources/">');
      expect(response.text).not.toContain("Wrong-pass-1!");
    });

    it("re-renders with 'Please enter email and password' when a field is empty", async () => {
      const { response } = await form({ email: "member@example.org", password: "" });
      expect(response.status).toBe(400);
      expect(response.text).toContain("Please enter email and password");
    });
  });

  it("shows the signed-in user to templates (currentUser) on pages", async () => {
    const { agent, token } = await browserOnLoginPage(t.app);
    await signInAs(agent, token, "member@example.org");
    const page = await agent.get("/account/register/");
    expect(page.text).toContain('data-constituent-id="');
    expect(csrfTokenOf(page.text)).not.toBe(token);
  });

  it("writes no password to the logs", async () => {
    const { agent, token } = await browserOnLoginPage(t.app);
    const secret = "Unlikely-Secret-42!";
    await agent.post("/account/login/").set("X-CSRFToken", token).send({ email: "member@example.org", password: secret });
    await agent.post("/account/login/").type("form").send({ _csrf: token, email: "member@example.org", password: secret });
    await signInAs(agent, token, "member@example.org");
    expect(t.logText()).not.toContain(secret);
    expect(t.logText()).not.toContain(strongPassword);
  });
});
