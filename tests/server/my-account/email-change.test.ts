import request from "supertest";
import { addPerson, followVerifyLink, openVerifyLink, outboxFor, signInAs, strongPassword, verifiedAtOf, verifyLinkIn } from "../accounts/support";
import { databaseEngines } from "../support/databases";
import { browserWithPage } from "../support/pages";
import { createTestApp, type TestApp } from "../support/test-app";
import { formPost, jsonCall, myAccountPath, signedInBrowser } from "./support";

const path = "/account/update-profile/";

/** The emailed link's path and query. */
const linkIn = verifyLinkIn;

/** Follows an emailed link as a person does: the hand-off, the page, and its "Confirm my new email" button. */
const follow = followVerifyLink;

describe.each(databaseEngines)("a confirmed email change on %s", (engine) => {
  let t: TestApp;
  let count = 0;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(() => t.close());

  async function signedInPerson() {
    count += 1;
    const email = `mover${count}@example.org`;
    const id = await addPerson(t.database.db, { email, firstName: "Priya" });
    return { id, email, ...(await signedInBrowser(t.app, email)) };
  }
  const canSignIn = async (email: string) => {
    const browser = await browserWithPage(t.app, "/account/login/");
    return signInAs(browser.agent, browser.token, email).then(
      () => true,
      () => false,
    );
  };
  const auditEvents = (id: number) =>
    t.database.db.selectFrom("audit_events").select(["event", "details"]).where("subject_id", "=", id).where("event", "like", "email.%").orderBy("id").execute();

  it("keeps the old address until the link to the new one is followed; then the new one signs in and the old one is refused", async () => {
    const { id, email, agent, token } = await signedInPerson();
    const newEmail = `moved${count}@example.org`;
    const response = await jsonCall(agent, "put", path, token, { Email: ` ${newEmail.toUpperCase()} `, Password: strongPassword });
    expect(response.status).toBe(200);
    // The spec's account_details, as saved: the address has not changed yet.
    expect(response.body).toMatchObject({
      success: true,
      account_details: { Email: email, FirstName: "Priya" },
      pending_email: newEmail,
      message: `We've sent a link to ${newEmail}. Your address stays ${email} until you follow it.`,
    });
    const [notice] = await outboxFor(t.database.db, email);
    expect(notice?.template).toBe("email-change-requested");
    expect(notice?.text_body).toContain(newEmail);
    expect(notice?.text_body).toContain("change your password");
    const [confirmation] = await outboxFor(t.database.db, newEmail);
    expect(confirmation?.template).toBe("confirm-new-email");

    expect(await canSignIn(email)).toBe(true);
    expect(await canSignIn(newEmail)).toBe(false);
    const page = await agent.get(myAccountPath).set("Accept", "text/html");
    expect(page.text).toContain(`We've sent a link to <strong>${newEmail}</strong>. Your address stays <strong>${email}</strong> until you follow it.`);

    // Opened by a mail scanner (no cookies of the person's) and then by the person: a button, and nothing changes.
    const tokenRow = () => t.database.db.selectFrom("email_verification_tokens").selectAll().where("email", "=", newEmail).executeTakeFirstOrThrow();
    const unopened = await tokenRow();
    for (const browser of [request.agent(t.app), agent]) {
      const opened = await openVerifyLink(browser, linkIn(confirmation!.text_body));
      expect(opened.status).toBe(200);
      expect(opened.text).toContain('<h1 class="page-header__title">Confirm your new email address</h1>');
      expect(opened.text).toContain(`Press the button to make ${newEmail} your account&#39;s email address.`);
      expect(opened.text).toContain('<button class="button" type="submit">Confirm my new email</button>');
    }
    expect(await tokenRow()).toEqual(unopened);
    expect(await canSignIn(newEmail)).toBe(false);

    // Followed in the same browser: the address switches, verified, and My account says so.
    const followed = await follow(agent, linkIn(confirmation!.text_body));
    expect(followed.status).toBe(303);
    expect(followed.headers.location).toBe("/account/my-account/#profile");
    const after = await agent.get(myAccountPath).set("Accept", "text/html");
    expect(after.text).toContain('<p class="alert__text">Email updated successfully!</p>');
    expect(after.text).not.toContain("pending-email-change");
    const stored = await t.database.db.selectFrom("constituents").select("email").where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ email: newEmail });
    expect(await verifiedAtOf(t.database.db, newEmail)).toEqual(expect.any(String));
    expect(await canSignIn(newEmail)).toBe(true);
    expect(await canSignIn(email)).toBe(false);
    const told = await outboxFor(t.database.db, email);
    expect(told[0]?.template).toBe("email-changed");
    expect(await auditEvents(id)).toEqual([
      { event: "email.change-requested", details: expect.stringContaining(newEmail) },
      { event: "email.changed", details: expect.stringContaining(email) },
    ]);

    // Used twice: already confirmed, on to My account.
    const again = await follow(request.agent(t.app), linkIn(confirmation!.text_body));
    expect(again.status).toBe(200);
    expect(again.text).toContain("Your email address is already confirmed.");
    expect(again.text).toContain('value="/account/my-account/"');
  });

  it("signs nobody in when the link is followed in another browser", async () => {
    const { email, agent, token } = await signedInPerson();
    const newEmail = `elsewhere${count}@example.org`;
    await jsonCall(agent, "put", path, token, { Email: newEmail, Password: strongPassword });
    const [confirmation] = await outboxFor(t.database.db, newEmail);
    const phone = request.agent(t.app);
    const followed = await follow(phone, linkIn(confirmation!.text_body));
    expect(followed.status).toBe(200);
    expect(followed.text).toContain(`Your account's email address is now ${newEmail}.`);
    expect((await phone.get("/account/session-status/")).body.session_data.login_info).toBeNull();
    expect(await canSignIn(email)).toBe(false);
  });

  it("refuses with a clear message when the new address was taken in the meantime", async () => {
    const { id, email, agent, token } = await signedInPerson();
    const newEmail = `contested${count}@example.org`;
    await jsonCall(agent, "put", path, token, { Email: newEmail, Password: strongPassword });
    const [confirmation] = await outboxFor(t.database.db, newEmail);
    await addPerson(t.database.db, { email: newEmail });
    const followed = await follow(agent, linkIn(confirmation!.text_body));
    expect(followed.status).toBe(409);
    expect(followed.text).toContain(`${newEmail} is now used by another account, so we couldn`);
    expect(followed.text).toContain("Your email address has not changed");
    expect((await t.database.db.selectFrom("constituents").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email).toBe(email);
    expect(await canSignIn(email)).toBe(true);
  });

  it("resends the link (limited with the requests to 5 an hour), and cancels the change", async () => {
    const { email, agent, token } = await signedInPerson();
    const newEmail = `resend${count}@example.org`;
    await jsonCall(agent, "put", path, token, { Email: newEmail, Password: strongPassword });
    for (let n = 0; n < 4; n += 1) {
      const resent = await jsonCall(agent, "post", "/account/email-change/resend/", token, {});
      expect(resent.status).toBe(200);
      expect(resent.body).toEqual({ success: true, pending_email: newEmail });
    }
    const limited = await jsonCall(agent, "post", "/account/email-change/resend/", token, {});
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toEqual(expect.any(String));
    expect(await outboxFor(t.database.db, newEmail)).toHaveLength(5);

    // Without JavaScript: a plain form, back to My account with a notice; the links stop working.
    const cancelled = await formPost(agent, "/account/email-change/cancel/", token, {});
    expect(cancelled.status).toBe(303);
    const page = await agent.get(myAccountPath).set("Accept", "text/html");
    expect(page.text).toContain("Your email change is cancelled. Your address has not changed.");
    expect(page.text).not.toContain("pending-email-change");
    const [latest] = await outboxFor(t.database.db, newEmail);
    const followed = await follow(agent, linkIn(latest!.text_body));
    expect(followed.status).toBe(410);
    expect(await canSignIn(email)).toBe(true);
    expect(await canSignIn(newEmail)).toBe(false);
    expect((await jsonCall(agent, "post", "/account/email-change/cancel/", token, {})).status).toBe(400);
  });

  it("works as a plain form: the page then shows the pending change", async () => {
    const { email, agent, token } = await signedInPerson();
    const newEmail = `plain${count}@example.org`;
    const response = await formPost(agent, path, token, { Email: newEmail, Password: strongPassword });
    expect(response.status).toBe(303);
    const page = await agent.get(myAccountPath).set("Accept", "text/html");
    expect(page.text).toContain("Check your new inbox: we&#39;ve sent a link to confirm your new email address.");
    expect(page.text).toContain(`Your address stays <strong>${email}</strong>`);
  });
});
