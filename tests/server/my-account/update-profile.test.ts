import request from "supertest";
import { addPerson, inAYear, outboxFor, strongPassword } from "../accounts/support";
import { databaseEngines } from "../support/databases";
import { browserWithPage, csrfTokenOf } from "../support/pages";
import { createTestApp, type TestApp } from "../support/test-app";
import { formPost, jsonCall, myAccountPath, signedInBrowser } from "./support";

const path = "/account/update-profile/";

describe.each(databaseEngines)("PUT /account/update-profile/ on %s", (engine) => {
  let t: TestApp;
  let personCount = 0;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    await addPerson(t.database.db, { email: "taken@example.org" });
  });
  afterAll(() => t.close());

  /** A new person for each test, signed in, so tests never see each other's changes. */
  async function signedInPerson(firstName = "Priya") {
    personCount += 1;
    const email = `person${personCount}@example.org`;
    const id = await addPerson(t.database.db, { email, firstName });
    return { id, email, ...(await signedInBrowser(t.app, email)) };
  }

  const storedPerson = (id: number) =>
    t.database.db.selectFrom("constituents").select(["prefix", "first_name", "last_name", "email"]).where("id", "=", id).executeTakeFirstOrThrow();

  describe("names", () => {
    it("saves Prefix, FirstName and LastName and answers account_details", async () => {
      const { id, email, agent, token } = await signedInPerson();
      const response = await jsonCall(agent, "put", path, token, { Prefix: 6, FirstName: "  Ayesha ", LastName: "Okonjo-Bright" });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        account_details: { Prefix: 6, FirstName: "Ayesha", LastName: "Okonjo-Bright", Email: email },
      });
      expect(await storedPerson(id)).toEqual({ prefix: 6, first_name: "Ayesha", last_name: "Okonjo-Bright", email });
    });

    it("takes Prefix -1 (none) when it is left out or empty", async () => {
      const { id, agent, token } = await signedInPerson();
      await jsonCall(agent, "put", path, token, { Prefix: 2, FirstName: "Jo", LastName: "Baptiste" });
      const response = await jsonCall(agent, "put", path, token, { FirstName: "Jo", LastName: "Baptiste" });
      expect(response.body.account_details.Prefix).toBe(-1);
      expect((await storedPerson(id)).prefix).toBe(-1);
      await jsonCall(agent, "put", path, token, { Prefix: "", FirstName: "Jo", LastName: "Baptiste" });
      expect((await storedPerson(id)).prefix).toBe(-1);
    });

    it("answers per-field messages for missing names and an unknown prefix, and saves nothing", async () => {
      const { id, agent, token } = await signedInPerson("Unchanged");
      const response = await jsonCall(agent, "put", path, token, { Prefix: 99, FirstName: " ", LastName: "" });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        errors: { FirstName: ["Enter your first name"], LastName: ["Enter your last name"], Prefix: ["Choose a title from the list"] },
      });
      expect((await storedPerson(id)).first_name).toBe("Unchanged");
    });

    it("limits names to 100 characters", async () => {
      const { agent, token } = await signedInPerson();
      const response = await jsonCall(agent, "put", path, token, { FirstName: "A".repeat(101), LastName: "B" });
      expect(response.body.errors).toEqual({ FirstName: ["First name must be 100 characters or fewer"] });
    });

    it("asks for something to change when the body names no field", async () => {
      const { agent, token } = await signedInPerson();
      const response = await jsonCall(agent, "put", path, token, {});
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ __all__: ["Enter the details you want to change, then save them."] });
    });
  });

  describe("email", () => {
    it("asks for an email change with the current password: a link to the NEW address, a notice to the OLD", async () => {
      const { id, email, agent, token } = await signedInPerson("Priya");
      const response = await jsonCall(agent, "put", path, token, { Email: " New.Address@Example.org ", Password: strongPassword });
      expect(response.status).toBe(200);
      // The address changes only once the link is followed (tests/server/my-account/email-change.test.ts).
      expect(response.body.account_details).toMatchObject({ Email: email, FirstName: "Priya" });
      expect(response.body.pending_email).toBe("new.address@example.org");
      expect((await storedPerson(id)).email).toBe(email);

      const [notice] = await outboxFor(t.database.db, email);
      expect(notice?.template).toBe("email-change-requested");
      expect(notice?.text_body).toContain("new.address@example.org");
      expect(notice?.text_body).toContain("Priya");
      const [link] = await outboxFor(t.database.db, "new.address@example.org");
      expect(link?.template).toBe("confirm-new-email");
    });

    it('refuses the current address: "Please enter a new email address"', async () => {
      const { email, agent, token } = await signedInPerson();
      const response = await jsonCall(agent, "put", path, token, { Email: email.toUpperCase(), Password: strongPassword });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ Email: ["Please enter a new email address"] });
    });

    it("checks the address and asks for the current password", async () => {
      const { agent, token } = await signedInPerson();
      const invalid = await jsonCall(agent, "put", path, token, { Email: "not-an-address", Password: "" });
      expect(invalid.body.errors).toEqual({
        Email: ["Please enter a valid email address"],
        Password: ["Enter your current password to change your email address"],
      });
      const empty = await jsonCall(agent, "put", path, token, { Email: "", Password: strongPassword });
      expect(empty.body.errors).toEqual({ Email: ["Please enter your email."] });
    });

    it("refuses a wrong current password, and changes nothing", async () => {
      const { id, email, agent, token } = await signedInPerson();
      const response = await jsonCall(agent, "put", path, token, { Email: "elsewhere@example.org", Password: "Wrong-password-1!" });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({ Password: ["The password you entered is incorrect. Enter your current password."] });
      expect((await storedPerson(id)).email).toBe(email);
      expect(await outboxFor(t.database.db, email)).toHaveLength(0);
    });

    it("refuses an address another account uses", async () => {
      const { agent, token } = await signedInPerson();
      const response = await jsonCall(agent, "put", path, token, { Email: "Taken@example.org", Password: strongPassword });
      expect(response.status).toBe(400);
      expect(response.body.errors).toEqual({
        Email: ["That email address is already used by another account. Enter a different email address."],
      });
    });

    it("allows 10 password checks in 15 minutes, then answers 429 with Retry-After", async () => {
      const { agent, token } = await signedInPerson();
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        const response = await jsonCall(agent, "put", path, token, { Email: "guess@example.org", Password: `Wrong-${attempt}!a` });
        expect(response.status).toBe(400);
      }
      const blocked = await jsonCall(agent, "put", path, token, { Email: "guess@example.org", Password: strongPassword });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      expect(blocked.body.errors.Password[0]).toMatch(/Wait 15 minutes/);
    });
  });

  describe("guards", () => {
    it("refuses a write without the CSRF token", async () => {
      const { id, agent } = await signedInPerson("Kept");
      const response = await jsonCall(agent, "put", path, undefined, { FirstName: "Changed", LastName: "X" });
      expect(response.status).toBe(403);
      expect((await storedPerson(id)).first_name).toBe("Kept");
    });

    it("answers 401 JSON when signed out", async () => {
      const { agent, token } = await browserWithPage(t.app, "/account/login/");
      const response = await jsonCall(agent, "put", path, token, { FirstName: "A", LastName: "B" });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, errors: { __all__: ["You must be signed in."] } });
    });
  });

  describe("as a plain form post", () => {
    it("redirects to the Profile tab and shows the notice once", async () => {
      const { id, agent, token } = await signedInPerson();
      const response = await formPost(agent, path, token, { Prefix: "3", FirstName: "Maya", LastName: "Lindqvist" });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(`${myAccountPath}#profile`);
      expect((await storedPerson(id)).first_name).toBe("Maya");

      const page = await agent.get(myAccountPath).set("Accept", "text/html");
      expect(page.text).toMatch(/role="status">\s*<p class="alert__text">Profile updated successfully!<\/p>/);
      expect(page.text).toContain('data-initial-tab="profile"');
      const again = await agent.get(myAccountPath).set("Accept", "text/html");
      expect(again.text).not.toContain('<p class="alert__text">Profile updated successfully!</p>');
    });

    it("says a link was sent after asking for an email change", async () => {
      const { agent, token } = await signedInPerson();
      const response = await formPost(agent, path, token, { Email: "moved@example.org", Password: strongPassword });
      expect(response.status).toBe(303);
      const page = await agent.get(myAccountPath).set("Accept", "text/html");
      expect(page.text).toContain("Check your new inbox: we&#39;ve sent a link to confirm your new email address.");
      expect(page.text).toContain("moved@example.org");
    });

    it("re-renders My account with the errors and the typed values, never the password", async () => {
      const { agent, token } = await signedInPerson();
      const typedPassword = "Typed-secret-9!";
      const response = await formPost(agent, path, token, { Email: "typed@example", Password: typedPassword });
      expect(response.status).toBe(400);
      expect(response.text).toContain('class="error-summary"');
      expect(response.text).toContain('<a href="#change-email-form-Email">Please enter a valid email address</a>');
      expect(response.text).toContain('value="typed@example"');
      expect(response.text).not.toContain(typedPassword);
      // The dialog starts open, on the Profile tab, so the errors are in view.
      expect(response.text).toMatch(/data-widget="change-email-dialog" data-open/);
      expect(response.text).toContain('data-initial-tab="profile"');
    });

    it("keeps the typed names when they are refused", async () => {
      const { agent, token } = await signedInPerson();
      const response = await formPost(agent, path, token, { Prefix: "-1", FirstName: "", LastName: "Kept <surname>" });
      expect(response.status).toBe(400);
      expect(response.text).toContain("Enter your first name");
      expect(response.text).toContain('value="Kept &lt;surname&gt;"');
    });

    it("sends a signed-out visitor to sign in, and then to My account rather than this address, which takes only posts", async () => {
      const { agent, token } = await browserWithPage(t.app, "/account/login/");
      const response = await formPost(agent, path, token, { FirstName: "A", LastName: "B" });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(`/account/login/?next=${encodeURIComponent(myAccountPath)}`);
    });

    it("brings a signed-out visitor back, once signed in without JavaScript, to the page the form was on", async () => {
      const email = "came-back@example.org";
      await addPerson(t.database.db, { email, membershipExpiresAt: inAYear() });
      const formPage = "/patterns/account-form/";
      const { agent, token } = await browserWithPage(t.app, formPage);
      const refused = await formPost(agent, path, token, { FirstName: "A", LastName: "B" }).set("Referer", `${t.config.publicUrl}${formPage}`);
      expect(refused.status).toBe(303);
      const loginPage = await agent.get(refused.headers.location as string).set("Accept", "text/html");
      expect(loginPage.text).toContain(`name="next" value="${formPage}"`);
      const signedIn = await agent
        .post("/account/login/")
        .type("form")
        .set("Accept", "text/html")
        .send({ _csrf: csrfTokenOf(loginPage.text), email, password: strongPassword, next: formPage });
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.location).toBe(formPage);
      const backOnThePage = await agent.get(signedIn.headers.location as string).set("Accept", "text/html");
      expect(backOnThePage.status).toBe(200);
      expect(backOnThePage.text).toContain("You are signed in, so this is your own details form");
    });
  });

  it("is not reachable by GET", async () => {
    const response = await request(t.app).get(path).set("Accept", "application/json");
    expect(response.status).toBe(404);
  });
});
