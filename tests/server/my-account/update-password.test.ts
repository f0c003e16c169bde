import { addPerson, signInAs, strongPassword } from "../accounts/support";
import { databaseEngines } from "../support/databases";
import { browserWithPage } from "../support/pages";
import { createTestApp, type TestApp } from "../support/test-app";
import { formPost, jsonCall, myAccountPath, sessionIdOf, signedInBrowser } from "./support";

const path = "/account/update-password/";
const newPassword = "Curtain-call-42?";
const ruleMessage = "Password must be at least 8 characters long and include uppercase & lowercase letters, a number, and a symbol.";

describe.each(databaseEngines)("PUT /account/update-password/ on %s", (engine) => {
  let t: TestApp;
  let personCount = 0;

  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(() => t.close());

  async function newPerson() {
    personCount += 1;
    const email = `changer${personCount}@example.org`;
    await addPerson(t.database.db, { email });
    return email;
  }

  it("changes the password, rotates this session and ends every other one", async () => {
    const email = await newPerson();
    const here = await signedInBrowser(t.app, email);
    const elsewhere = await signedInBrowser(t.app, email);
    const before = await here.agent.get(myAccountPath).set("Accept", "text/html");
    expect(before.status).toBe(200);

    const response = await jsonCall(here.agent, "put", path, here.token, { Password: strongPassword, NewPassword: newPassword });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, csrfToken: expect.any(String) });
    const rotatedId = sessionIdOf(response);
    expect(rotatedId).toBeDefined();

    // This browser stays signed in under the new session, and the new token works for the next write.
    const stillIn = await here.agent.get(myAccountPath).set("Accept", "text/html");
    expect(stillIn.status).toBe(200);
    const nextWrite = await jsonCall(here.agent, "put", "/account/update-profile/", response.body.csrfToken, { FirstName: "Still", LastName: "Here" });
    expect(nextWrite.status).toBe(200);
    const staleToken = await jsonCall(here.agent, "put", "/account/update-profile/", here.token, { FirstName: "Old", LastName: "Token" });
    expect(staleToken.status).toBe(403);

    // The other browser's session is dead: its writes are refused, its pages send it to sign in.
    const otherCall = await jsonCall(elsewhere.agent, "put", "/account/update-profile/", elsewhere.token, { FirstName: "Intruder", LastName: "X" });
    expect([401, 403]).toContain(otherCall.status);
    const otherPage = await elsewhere.agent.get(myAccountPath).set("Accept", "text/html");
    expect(otherPage.status).toBe(302);
    expect(otherPage.headers.location).toBe(`/account/login/?next=${encodeURIComponent(myAccountPath)}`);
    const otherStatus = await elsewhere.agent.get("/account/session-status/").set("Accept", "application/json");
    expect(otherStatus.body.session_data.login_info).toBeNull();
    const names = await t.database.db.selectFrom("constituents").select("first_name").where("email", "=", email).executeTakeFirstOrThrow();
    expect(names.first_name).toBe("Still");

    // Only the new password signs in.
    const withNew = await browserWithPage(t.app, "/account/login/");
    await signInAs(withNew.agent, withNew.token, email, newPassword);
    const withOld = await browserWithPage(t.app, "/account/login/");
    await expect(signInAs(withOld.agent, withOld.token, email, strongPassword)).rejects.toThrow(/sign-in failed/);
  });

  it("gives the session a new id", async () => {
    const email = await newPerson();
    const { agent, token } = await signedInBrowser(t.app, email);
    // Sessions roll: every response sets the cookie again, so a page shows the current id.
    const idBefore = sessionIdOf(await agent.get(myAccountPath).set("Accept", "text/html"));
    const response = await jsonCall(agent, "put", path, token, { Password: strongPassword, NewPassword: newPassword });
    expect(response.status).toBe(200);
    const idAfter = sessionIdOf(response);
    expect(idBefore).toBeDefined();
    expect(idAfter).toBeDefined();
    expect(idAfter).not.toBe(idBefore);
  });

  it("answers each validation message per field", async () => {
    const email = await newPerson();
    const { agent, token } = await signedInBrowser(t.app, email);
    const missing = await jsonCall(agent, "put", path, token, { Password: "", NewPassword: "" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      success: false,
      errors: { Password: ["Enter your current password"], NewPassword: ["Enter a new password"] },
    });

    const weak = await jsonCall(agent, "put", path, token, { Password: strongPassword, NewPassword: "short" });
    expect(weak.body.errors).toEqual({ NewPassword: [ruleMessage] });

    const common = await jsonCall(agent, "put", path, token, { Password: strongPassword, NewPassword: "Password1!" });
    expect(common.body.errors.NewPassword[0]).toMatch(/too easy to guess/);

    const same = await jsonCall(agent, "put", path, token, { Password: strongPassword, NewPassword: strongPassword });
    expect(same.body.errors).toEqual({ NewPassword: ["Your new password must be different from your current password"] });

    const mismatch = await jsonCall(agent, "put", path, token, { Password: strongPassword, NewPassword: newPassword, ConfirmPassword: "Other-9!x" });
    expect(mismatch.body.errors).toEqual({ ConfirmPassword: ["Passwords do not match"] });

    const wrong = await jsonCall(agent, "put", path, token, { Password: "Not-my-password-1!", NewPassword: newPassword });
    expect(wrong.body.errors).toEqual({ Password: ["The password you entered is incorrect. Enter your current password."] });

    // None of those changed anything.
    const check = await browserWithPage(t.app, "/account/login/");
    await signInAs(check.agent, check.token, email, strongPassword);
  });

  it("refuses a write without the CSRF token, and a signed-out caller", async () => {
    const email = await newPerson();
    const { agent } = await signedInBrowser(t.app, email);
    const noToken = await jsonCall(agent, "put", path, undefined, { Password: strongPassword, NewPassword: newPassword });
    expect(noToken.status).toBe(403);
    const visitor = await browserWithPage(t.app, "/account/login/");
    const signedOut = await jsonCall(visitor.agent, "put", path, visitor.token, { Password: strongPassword, NewPassword: newPassword });
    expect(signedOut.status).toBe(401);
  });

  describe("as a plain form post", () => {
    it("redirects to the Profile tab with 'Password changed successfully!'", async () => {
      const email = await newPerson();
      const { agent, token } = await signedInBrowser(t.app, email);
      const response = await formPost(agent, path, token, { Password: strongPassword, NewPassword: newPassword, ConfirmPassword: newPassword });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(`${myAccountPath}#profile`);
      expect(sessionIdOf(response)).toBeDefined();
      const page = await agent.get(myAccountPath).set("Accept", "text/html");
      expect(page.status).toBe(200);
      expect(page.text).toContain('<p class="alert__text">Password changed successfully!</p>');
    });

    it('re-renders with "Passwords do not match", keeping no password in the page', async () => {
      const email = await newPerson();
      const { agent, token } = await signedInBrowser(t.app, email);
      const response = await formPost(agent, path, token, { Password: strongPassword, NewPassword: newPassword, ConfirmPassword: "Curtain-call-43?" });
      expect(response.status).toBe(400);
      expect(response.text).toContain('<a href="#change-password-ConfirmPassword">Passwords do not match</a>');
      expect(response.text).not.toContain(newPassword);
      expect(response.text).not.toContain(strongPassword);
    });
  });

  it("writes no password to the log", async () => {
    const email = await newPerson();
    const { agent, token } = await signedInBrowser(t.app, email);
    await jsonCall(agent, "put", path, token, { Password: strongPassword, NewPassword: newPassword });
    await formPost(agent, path, token, { Password: "Leaky-guess-1!", NewPassword: "Leaky-new-2!" });
    for (const secret of [strongPassword, newPassword, "Leaky-guess-1!", "Leaky-new-2!"]) expect(t.logText()).not.toContain(secret);
  });
});
