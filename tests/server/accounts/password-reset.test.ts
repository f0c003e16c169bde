import request from "supertest";
import { hashResetToken } from "../../../server/accounts/reset-tokens";
import { databaseEngines } from "../support/databases";
import { csrfTokenOf } from "../support/pages";
import { createTestApp, type TestApp } from "../support/test-app";
import { addPerson, browserOnLoginPage, outboxFor, resetLinkIn, signInAs, strongPassword } from "./support";

const sameAnswer =
  "If there is an account for that email address, we have sent it a link to choose a new password. The link works once, for 60 minutes.";
const newPassword = "Curtain-call-2026?";

describe.each(databaseEngines)("password reset on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(() => t.close());

  let emailCounter = 0;
  const uniqueEmail = () => `reset${(emailCounter += 1)}@example.org`;

  /** Asks for a link through the form and returns the emailed link's path. */
  async function requestLinkFor(email: string): Promise<string> {
    const { agent, token } = await browserOnLoginPage(t.app, "/account/forgot-password/");
    const response = await agent.post("/account/forgot-password/").type("form").send({ _csrf: token, email });
    expect(response.status).toBe(200);
    const [mail] = await outboxFor(t.database.db, email);
    return resetLinkIn(mail!.text_body);
  }

  /** Opens the emailed link in a fresh browser and lands on the set-password page. */
  async function openLink(linkPath: string) {
    const agent = request.agent(t.app);
    const handoff = await agent.get(linkPath);
    const page = await agent.get("/account/reset-password/");
    return { agent, handoff, page };
  }

  it("answers the same whether or not the email has an account, and emails only a real one", async () => {
    const email = uniqueEmail();
    await addPerson(t.database.db, { email, firstName: "Imogen" });
    const { agent, token } = await browserOnLoginPage(t.app, "/account/forgot-password/");
    const ask = (address: string) =>
      agent.post("/account/forgot-password/").set({ "X-CSRFToken": token, Accept: "application/json" }).send({ email: address });
    const known = await ask(email.toUpperCase());
    const unknown = await ask("nobody-here@example.org");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ success: true, message: sameAnswer });
    expect(unknown.body).toEqual(known.body);
    const [mail] = await outboxFor(t.database.db, email);
    expect(mail?.template).toBe("password-reset");
    expect(mail?.text_body).toContain("Imogen");
    expect(await outboxFor(t.database.db, "nobody-here@example.org")).toEqual([]);
  });

  it("sends the set-password email to an account that has no password yet", async () => {
    const email = uniqueEmail();
    await addPerson(t.database.db, { email, password: null });
    await requestLinkFor(email);
    expect((await outboxFor(t.database.db, email))[0]?.template).toBe("set-password");
  });

  it.each([
    ["", "Please enter your email."],
    ["not an email", "Please enter a valid email address"],
  ])("refuses %j with %j", async (email, message) => {
    const { agent, token } = await browserOnLoginPage(t.app, "/account/forgot-password/");
    const json = await agent.post("/account/forgot-password/").set("X-CSRFToken", token).send({ email });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ success: false, errors: { email: [message] } });
    const form = await agent.post("/account/forgot-password/").type("form").send({ _csrf: token, email });
    expect(form.status).toBe(400);
    expect(form.text).toContain(message);
  });

  it("refuses a request without the CSRF token", async () => {
    expect((await request(t.app).post("/account/forgot-password/").send({ email: "someone@example.org" })).status).toBe(403);
  });

  it("stores only a sha256 hash of the token, valid for one hour", async () => {
    const email = uniqueEmail();
    const id = await addPerson(t.database.db, { email });
    const token = (await requestLinkFor(email)).split("/")[3]!;
    const rows = await t.database.db.selectFrom("password_reset_tokens").selectAll().where("constituent_id", "=", id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashResetToken(token));
    expect(rows[0]!.token_hash).not.toContain(token);
    const lifetime = Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.created_at);
    expect(lifetime).toBe(60 * 60 * 1000);
  });

  it("moves the link's token into a reset-page cookie and a token-free address", async () => {
    const email = uniqueEmail();
    await addPerson(t.database.db, { email });
    const link = await requestLinkFor(email);
    const { handoff, page } = await openLink(link);
    expect(handoff.status).toBe(303);
    expect(handoff.headers.location).toBe("/account/reset-password/");
    const cookie = (handoff.headers["set-cookie"] as unknown as string[]).find((value) => value.startsWith("reset_token="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Path=/account/reset-password/");
    expect(cookie).toContain("SameSite=Lax");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Choose a new password");
    expect(page.text).toContain('name="confirm_password"');
  });

  it("opening the link spends nothing, however often (a mail scanner, then the person): only saving the form does", async () => {
    const email = uniqueEmail();
    const id = await addPerson(t.database.db, { email });
    const link = await requestLinkFor(email);
    const rows = () => t.database.db.selectFrom("password_reset_tokens").selectAll().where("constituent_id", "=", id).execute();
    const before = await rows();
    for (let opened = 0; opened < 3; opened += 1) {
      const { page } = await openLink(link);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<h1 class="page-header__title">Choose a new password</h1>');
      expect(page.text).toContain('<button class="button" type="submit">Save password</button>');
    }
    expect(await rows()).toEqual(before);
    const { agent, page } = await openLink(link);
    const saved = await agent.post("/account/reset-password/").type("form").send({ _csrf: csrfTokenOf(page.text), password: newPassword, confirm_password: newPassword });
    expect(saved.status).toBe(303);
    expect((await rows())[0]!.used_at).toEqual(expect.any(String));
  });

  it("sets the new password, signs the person in, ends their other sessions, and spends the token", async () => {
    const email = uniqueEmail();
    await addPerson(t.database.db, { email });
    const elsewhere = await browserOnLoginPage(t.app);
    await signInAs(elsewhere.agent, elsewhere.token, email);

    const link = await requestLinkFor(email);
    const { agent, page } = await openLink(link);
    const saved = await agent
      .post("/account/reset-password/")
      .type("form")
      .send({ _csrf: csrfTokenOf(page.text), password: newPassword, confirm_password: newPassword });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe("/account/reset-password/done/");
    const done = await agent.get("/account/reset-password/done/");
    expect(done.text).toContain("Your password has been changed, and you are now signed in.");
    const status = await agent.get("/account/session-status/").set("Accept", "application/json");
    expect(status.body.session_data.login_info).toEqual({ email });

    const otherSession = await elsewhere.agent.get("/account/session-status/").set("Accept", "application/json");
    expect(otherSession.body.session_data.login_info).toBeNull();

    const login = await browserOnLoginPage(t.app);
    const oldPassword = await login.agent.post("/account/login/").set("X-CSRFToken", login.token).send({ email, password: strongPassword });
    expect(oldPassword.status).toBe(401);
    expect((await signInAs(login.agent, login.token, email, newPassword)).status).toBe(200);

    const again = await openLink(link);
    expect(again.page.status).toBe(410);
    expect(again.page.text).toContain("This link has expired or has already been used.");
  });

  it("refuses a spent token on submit too", async () => {
    const email = uniqueEmail();
    await addPerson(t.database.db, { email });
    const token = (await requestLinkFor(email)).split("/")[3]!;
    const { agent, token: csrf } = await browserOnLoginPage(t.app);
    const body = { token, password: newPassword, confirm_password: newPassword };
    expect((await agent.post("/account/reset-password/").set("X-CSRFToken", csrf).send(body)).status).toBe(200);
    const second = await agent.post("/account/reset-password/").set("X-CSRFToken", await csrfOf(agent)).send(body);
    expect(second.status).toBe(410);
    expect(second.body.errors.__all__[0]).toContain("This link has expired or has already been used.");
  });

  it("refuses an expired token", async () => {
    const email = uniqueEmail();
    const id = await addPerson(t.database.db, { email });
    const link = await requestLinkFor(email);
    await t.database.db
      .updateTable("password_reset_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("constituent_id", "=", id)
      .execute();
    const { agent, page } = await openLink(link);
    expect(page.status).toBe(410);
    const submit = await agent
      .post("/account/reset-password/")
      .type("form")
      .send({ _csrf: csrfTokenOf(page.text), password: newPassword, confirm_password: newPassword });
    expect(submit.status).toBe(410);
  });

  it.each([
    [{ password: "weak", confirm_password: "weak" }, "password", "Password must be at least 8 characters long and include uppercase & lowercase letters, a number, and a symbol."],
    [{ password: newPassword, confirm_password: "Something-else-1!" }, "confirm_password", "Passwords do not match"],
  ])("re-renders %j with the field's message and keeps the token usable", async (fields, field, message) => {
    const email = uniqueEmail();
    await addPerson(t.database.db, { email });
    const { agent, page } = await openLink(await requestLinkFor(email));
    const submit = await agent.post("/account/reset-password/").type("form").send({ _csrf: csrfTokenOf(page.text), ...fields });
    expect(submit.status).toBe(400);
    expect(submit.text).toContain(message.replace("&", "&amp;"));
    expect(submit.text).toContain(`href="#${field}"`);
    expect((await agent.get("/account/reset-password/")).status).toBe(200);
  });

  it("writes neither the token nor the new password to the logs", async () => {
    const email = uniqueEmail();
    await addPerson(t.database.db, { email });
    const link = await requestLinkFor(email);
    const token = link.split("/")[3]!;
    const { agent, page } = await openLink(link);
    await agent.post("/account/reset-password/").type("form").send({ _csrf: csrfTokenOf(page.text), password: newPassword, confirm_password: newPassword });
    expect(t.logText()).toContain("/account/reset-password/");
    expect(t.logText()).not.toContain(token);
    expect(t.logText()).not.toContain(newPassword);
  });
});

async function csrfOf(agent: ReturnType<typeof request.agent>): Promise<string> {
  return csrfTokenOf((await agent.get("/account/forgot-password/")).text);
}
