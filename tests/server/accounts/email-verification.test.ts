import request from "supertest";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { csrfTokenOf } from "../support/pages";
import {
  addPerson,
  browserOnLoginPage,
  followVerifyLink,
  freshToken,
  inAYear,
  openVerifyLink,
  outboxFor,
  pressVerifyButton,
  setEmailVerifiedAt,
  signInAs,
  strongPassword,
  verifiedAtOf,
  verifyLinkIn,
} from "./support";

/** Follows the emailed link as a person does: the hand-off, the page, and its "Confirm my email" button. */
const follow = followVerifyLink;

/** The register page's data-resume, parsed. */
function resumeOf(html: string): unknown {
  const attribute = /data-resume="([^"]*)"/.exec(html)?.[1];
  if (attribute === undefined) return undefined;
  // As a browser's dataset decodes it: named entities and numeric ones (Nunjucks writes a backslash as &#92;).
  const named: Record<string, string> = { quot: '"', lt: "<", gt: ">", amp: "&" };
  const text = attribute.replace(/&(?:#(\d+)|(\w+));/g, (_entity, code: string | undefined, name: string) => (code ? String.fromCharCode(Number(code)) : named[name]!));
  return JSON.parse(text);
}

const verifiedAt = (t: TestApp, email: string) => verifiedAtOf(t.database.db, email);

describe.each(databaseEngines)("email verification on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(() => t.close());

  const signedIn = async (email: string) => {
    await addPerson(t.database.db, { email });
    const { agent, token } = await browserOnLoginPage(t.app);
    await signInAs(agent, token, email);
    return { agent, token: await freshToken(agent) };
  };

  const choice = { pathway: "state-school", school: { name: "Riverside <Primary> & \"Co\"", constituentId: 12, type: "state" }, step: "confirmSchool" };

  it("sends a welcome email with a verification link on sign-up; the link verifies once", async () => {
    const { agent, token } = await browserOnLoginPage(t.app, "/account/register/");
    const email = "ada.welcome@riverside.sch.uk";
    const response = await agent
      .post("/account/register/")
      .set("X-CSRFToken", token)
      .send({ first_name: "Ada", last_name: "Okoro", phone_number: "", email, password: strongPassword, next: "/account/my-account/" });
    expect(response.status).toBe(201);
    const [mail] = await outboxFor(t.database.db, email);
    expect(mail).toMatchObject({ template: "welcome" });
    expect(mail!.subject).toMatch(/^Welcome to .+: please confirm your email address$/);
    expect(mail!.text_body).toContain("Hello Ada,");
    expect(mail!.text_body).toContain("expires in 3 days");
    const link = verifyLinkIn(mail!.text_body);
    expect(mail!.html_body).toContain(`http://127.0.0.1:3000${link}`);
    expect(mail!.html_body).toContain("Confirm my email address");
    expect(await verifiedAt(t, email)).toBeNull();

    const verified = await follow(agent, link);
    expect(verified.status).toBe(303);
    expect(verified.headers.location).toBe("/account/register/?link-school=true");
    expect(await verifiedAt(t, email)).toEqual(expect.any(String));

    // A used link says the address is already confirmed, and where to go on: the registration is not finished.
    const again = await follow(agent, link);
    expect(again.status).toBe(200);
    expect(again.text).toContain("Your email address is already confirmed.");
    expect(again.text).toContain("Continue your registration");
    expect(t.logText()).not.toContain(link.split("=")[1]);
  });

  it("in another browser, confirms the address without signing in; after signing in there the wizard resumes", async () => {
    const email = "bea@riverside.sch.uk";
    const { agent } = await signedIn(email);
    const token = csrfTokenOf((await agent.get("/account/register/").set("Accept", "text/html")).text);
    const sent = await agent.post("/account/verify-email/").set("X-CSRFToken", token).send(choice);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true, sentTo: email, emailSent: true });
    const [mail] = await outboxFor(t.database.db, email);
    expect(mail!.template).toBe("verify-email");

    const phone = request.agent(t.app);
    const verified = await follow(phone, verifyLinkIn(mail!.text_body));
    expect(verified.status).toBe(200);
    expect(verified.text).toContain("Your email address is confirmed");
    expect(await verifiedAt(t, email)).toEqual(expect.any(String));
    // The link signs nobody in: the page asks for sign-in, coming back to the wizard.
    expect((await phone.get("/account/session-status/")).body.session_data.login_info).toBeNull();
    const next = /<input type="hidden" name="next" value="([^"]+)">/.exec(verified.text)![1]!.replaceAll("&amp;", "&");
    const location = new URL(next, "http://x");
    expect(location.pathname).toBe("/account/register/");
    expect(location.searchParams.get("link-school")).toBe("true");
    const resumeKey = location.searchParams.get("resume");
    expect(resumeKey).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The no-JavaScript sign-in form there lands on the resumed wizard.
    const signIn = await phone.post("/account/login/").type("form").set("Accept", "text/html").send({ _csrf: csrfTokenOf(verified.text), email, password: strongPassword, next });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.location).toBe(next);
    const page = await phone.get(next).set("Accept", "text/html");
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/data-constituent-id="\d+"/);
    expect(resumeOf(page.text)).toEqual(choice);
    expect(page.text).not.toContain("<Primary>");

    // The key is no use to anyone else.
    const stranger = await signedIn("stranger@riverside.sch.uk");
    const theirs = await stranger.agent.get(`/account/register/?link-school=true&resume=${resumeKey}`).set("Accept", "text/html");
    expect(resumeOf(theirs.text)).toBeUndefined();
  });

  it("refuses an expired link, and one for an address the account no longer has", async () => {
    const email = "cy@riverside.sch.uk";
    const { agent, token } = await signedIn(email);
    await agent.post("/account/verify-email/").set("X-CSRFToken", token).send(choice);
    const [mail] = await outboxFor(t.database.db, email);
    await t.database.db.updateTable("email_verification_tokens").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("email", "=", email).execute();
    expect((await follow(request.agent(t.app), verifyLinkIn(mail!.text_body))).status).toBe(410);
    expect(await verifiedAt(t, email)).toBeNull();

    await agent.post("/account/verify-email/").set("X-CSRFToken", token).send(choice);
    const [fresh] = await outboxFor(t.database.db, email);
    const changed = await agent.put("/account/update-profile/").set("X-CSRFToken", token).send({ Email: "cy.new@riverside.sch.uk", Password: strongPassword });
    expect(changed.status).toBe(200);
    // The change takes effect once its own link (to the new address) is followed; then the old address's link verifies nothing.
    const [changeLink] = await outboxFor(t.database.db, "cy.new@riverside.sch.uk");
    expect((await follow(request.agent(t.app), verifyLinkIn(changeLink!.text_body))).status).toBe(200);
    expect((await follow(request.agent(t.app), verifyLinkIn(fresh!.text_body))).status).toBe(410);
  });

  it("verifies the new address when an email change's link is followed", async () => {
    const email = "dee@riverside.sch.uk";
    const { agent, token } = await signedIn(email);
    await agent.post("/account/verify-email/").set("X-CSRFToken", token).send(choice);
    const [mail] = await outboxFor(t.database.db, email);
    await follow(agent, verifyLinkIn(mail!.text_body));
    expect(await verifiedAt(t, email)).toEqual(expect.any(String));
    const next = await freshToken(agent);
    expect((await agent.put("/account/update-profile/").set("X-CSRFToken", next).send({ Email: "dee@gmail.com", Password: strongPassword })).status).toBe(200);
    expect(await verifiedAt(t, email)).toEqual(expect.any(String));
    const [changeLink] = await outboxFor(t.database.db, "dee@gmail.com");
    await follow(agent, verifyLinkIn(changeLink!.text_body));
    expect(await verifiedAt(t, "dee@gmail.com")).toEqual(expect.any(String));
  });

  it("rate-limits links per person, checks the body and needs a session", async () => {
    const { agent, token } = await signedIn("eve@riverside.sch.uk");
    const bad = await agent.post("/account/verify-email/").set("X-CSRFToken", token).send({ pathway: "<x>", step: 3, school: [1] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["pathway", "school", "step"]);
    const resend = { ...choice, resend: true };
    for (let n = 0; n < 5; n += 1) expect((await agent.post("/account/verify-email/").set("X-CSRFToken", token).send(resend)).status).toBe(200);
    const limited = await agent.post("/account/verify-email/").set("X-CSRFToken", token).send(resend);
    expect(limited.status).toBe(429);
    expect(await outboxFor(t.database.db, "eve@riverside.sch.uk")).toHaveLength(5);

    const { agent: anonymous, token: anonymousToken } = await browserOnLoginPage(t.app);
    expect((await anonymous.post("/account/verify-email/").set("X-CSRFToken", anonymousToken).send(choice)).status).toBe(401);
  });

  it("sends one email per state-school sign-up: the wizard's choice joins the welcome email's link", async () => {
    const { agent, token } = await browserOnLoginPage(t.app, "/account/register/");
    const email = "fay.one@riverside.sch.uk";
    const created = await agent
      .post("/account/register/")
      .set("X-CSRFToken", token)
      .send({ first_name: "Fay", last_name: "Ng", phone_number: "", email, password: strongPassword, next: "/account/my-account/" });
    expect(created.status).toBe(201);
    const csrf = created.body.csrfToken as string;
    // The wizard's "check your inbox" step: the choice is recorded, and nothing more is sent.
    const checkInbox = await agent.post("/account/verify-email/").set("X-CSRFToken", csrf).send(choice);
    expect(checkInbox.body).toEqual({ success: true, sentTo: email, emailSent: false });
    const mails = await outboxFor(t.database.db, email);
    expect(mails.map((mail) => mail.template)).toEqual(["welcome"]);

    // The welcome email's link resumes with the chosen school.
    const link = verifyLinkIn(mails[0]!.text_body);
    const verified = await follow(agent, link);
    expect(verified.status).toBe(303);
    const resumed = await agent.get(verified.headers.location as string).set("Accept", "text/html");
    expect(resumeOf(resumed.text)).toEqual(choice);

    // Followed again: already confirmed, and the next step is to continue the registration, resumed. Opening
    // the link writes no resume key: its "Continue your registration" button posts, and the POST issues one.
    const again = await follow(agent, link);
    expect(again.status).toBe(200);
    expect(again.text).toContain("Your email address is already confirmed.");
    expect(again.text).toContain('<button class="button" type="submit">Continue your registration</button>');
    const keys = () => t.database.db.selectFrom("email_verification_tokens").select(["id", "resume_key_hash", "used_at"]).orderBy("id").execute();
    const before = await keys();
    await openVerifyLink(agent, link);
    expect(await keys()).toEqual(before);
    const continued = await pressVerifyButton(agent, again);
    expect(continued.status).toBe(303);
    expect(continued.headers.location).toMatch(/^\/account\/register\/\?link-school=true&resume=[A-Za-z0-9_-]{43}$/);
    expect(resumeOf((await agent.get(continued.headers.location as string).set("Accept", "text/html")).text)).toEqual(choice);
  });

  it("after a resend, the older link resumes the same registration, and the newer then says already confirmed", async () => {
    const { agent, token } = await browserOnLoginPage(t.app, "/account/register/");
    const email = "gus.two@riverside.sch.uk";
    const created = await agent
      .post("/account/register/")
      .set("X-CSRFToken", token)
      .send({ first_name: "Gus", last_name: "Ode", phone_number: "", email, password: strongPassword, next: "/account/my-account/" });
    const csrf = created.body.csrfToken as string;
    await agent.post("/account/verify-email/").set("X-CSRFToken", csrf).send(choice);
    const resent = await agent.post("/account/verify-email/").set("X-CSRFToken", csrf).send({ ...choice, resend: true });
    expect(resent.body).toEqual({ success: true, sentTo: email, emailSent: true });
    const mails = await outboxFor(t.database.db, email);
    expect(mails.map((mail) => mail.template).sort()).toEqual(["verify-email", "welcome"]);
    const welcome = mails.find((mail) => mail.template === "welcome")!;
    const newer = mails.find((mail) => mail.template === "verify-email")!;

    const verified = await follow(agent, verifyLinkIn(welcome.text_body));
    expect(verified.status).toBe(303);
    expect(resumeOf((await agent.get(verified.headers.location as string).set("Accept", "text/html")).text)).toEqual(choice);

    const later = await follow(agent, verifyLinkIn(newer.text_body));
    expect(later.status).toBe(200);
    expect(later.text).toContain("Your email address is already confirmed.");
    expect(later.text).toContain("Continue your registration");
  });

  it("'Wrong address? Change it': the unconfirmed address is corrected, the old link refuses, the new one resumes the registration", async () => {
    const { agent, token } = await browserOnLoginPage(t.app, "/account/register/");
    const typo = "hal.typo@riversde.sch.uk";
    const created = await agent
      .post("/account/register/")
      .set("X-CSRFToken", token)
      .send({ first_name: "Hal", last_name: "Ito", phone_number: "", email: typo, password: strongPassword, next: "/account/my-account/" });
    const csrf = created.body.csrfToken as string;
    await agent.post("/account/verify-email/").set("X-CSRFToken", csrf).send(choice);
    const [welcome] = await outboxFor(t.database.db, typo);
    const change = (email: string) => agent.post("/account/verify-email/address/").set("X-CSRFToken", csrf).send({ email });

    // The sign-up rules: shape, unchanged, and taken (the sign-up's own message; nothing changes).
    expect((await change("not an address")).body.errors.email).toEqual(["Please enter a valid email address"]);
    expect((await change(typo)).body.errors.email).toEqual(["Please enter a new email address"]);
    await addPerson(t.database.db, { email: "taken@riverside.sch.uk" });
    const taken = await change("Taken@Riverside.sch.uk");
    expect(taken.status).toBe(400);
    expect(taken.body.errors.email).toEqual(["The email address you entered is already associated with an account. Please log in or try again with another email address."]);
    expect(await outboxFor(t.database.db, "taken@riverside.sch.uk")).toEqual([]);

    const fixed = "hal.ito@riverside.sch.uk";
    const changed = await change(" Hal.Ito@Riverside.sch.uk ");
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ success: true, sentTo: fixed });
    expect(await verifiedAt(t, fixed)).toBeNull();
    const [audit] = await t.database.db.selectFrom("audit_events").select("details").where("event", "=", "email.corrected").execute();
    expect(JSON.parse(String(audit!.details))).toEqual({ oldEmail: typo, newEmail: fixed });

    // The welcome email's link, to the old address, no longer confirms anything.
    const old = await follow(agent, verifyLinkIn(welcome!.text_body));
    expect(old.status).toBe(410);
    expect(await verifiedAt(t, fixed)).toBeNull();

    // The new link confirms the new address and resumes the same registration.
    const [mail] = await outboxFor(t.database.db, fixed);
    expect(mail).toMatchObject({ template: "verify-email" });
    const verified = await follow(agent, verifyLinkIn(mail!.text_body));
    expect(verified.status).toBe(303);
    expect(resumeOf((await agent.get(verified.headers.location as string).set("Accept", "text/html")).text)).toEqual(choice);
    expect(await verifiedAt(t, fixed)).toEqual(expect.any(String));

    // Once confirmed, only My account's confirmed change can change it.
    const late = await change("someone.else@riverside.sch.uk");
    expect(late.status).toBe(409);
    expect(late.body.message ?? late.body.errors?.__all__?.[0]).toContain("already confirmed");
  });

  it("limits address corrections with Resend's quota, and needs a session", async () => {
    const { agent, token } = await signedIn("ivy.limit@riverside.sch.uk");
    const ivy = await t.database.db.selectFrom("constituents").select("id").where("email", "=", "ivy.limit@riverside.sch.uk").executeTakeFirstOrThrow();
    await setEmailVerifiedAt(t.database.db, ivy.id, null);
    for (let n = 0; n < 4; n += 1) expect((await agent.post("/account/verify-email/").set("X-CSRFToken", token).send({ ...choice, resend: true })).status).toBe(200);
    expect((await agent.post("/account/verify-email/address/").set("X-CSRFToken", token).send({ email: "ivy.1@riverside.sch.uk" })).status).toBe(200);
    const limited = await agent.post("/account/verify-email/address/").set("X-CSRFToken", token).send({ email: "ivy.2@riverside.sch.uk" });
    expect(limited.status).toBe(429);
    expect(await t.database.db.selectFrom("constituents").select("id").where("email", "=", "ivy.1@riverside.sch.uk").executeTakeFirst()).toBeDefined();
    expect(await outboxFor(t.database.db, "ivy.2@riverside.sch.uk")).toEqual([]);

    const { agent: anonymous, token: anonymousToken } = await browserOnLoginPage(t.app);
    expect((await anonymous.post("/account/verify-email/address/").set("X-CSRFToken", anonymousToken).send({ email: "x@riverside.sch.uk" })).status).toBe(401);
  });

  it("says 'Continue to My account' for a used link once the registration is finished", async () => {
    const email = "hal@riverside.sch.uk";
    const { agent, token } = await signedIn(email);
    await agent.post("/account/verify-email/").set("X-CSRFToken", token).send(choice);
    const [mail] = await outboxFor(t.database.db, email);
    const link = verifyLinkIn(mail!.text_body);
    await follow(agent, link);
    const id = (await t.database.db.selectFrom("constituents").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    // Finished: an individual membership of their own, valid (the sign-in rule's "affiliation and unexpired membership").
    await t.database.db
      .insertInto("memberships")
      .values({ constituent_id: id, membership_level_id: 95, starts_at: new Date().toISOString(), expires_at: inAYear().toISOString() })
      .execute();
    const again = await follow(agent, link);
    expect(again.text).toContain("Your email address is already confirmed.");
    expect(again.text).toContain('href="/account/my-account/">Continue to My account');
  });

  it("opening the link spends nothing, however often (a mail scanner, then the person): only the button confirms", async () => {
    const email = "scanned@riverside.sch.uk";
    const { agent, token } = await signedIn(email);
    await agent.post("/account/verify-email/").set("X-CSRFToken", token).send(choice);
    const [mail] = await outboxFor(t.database.db, email);
    const link = verifyLinkIn(mail!.text_body);
    const row = () => t.database.db.selectFrom("email_verification_tokens").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    const before = await row();

    // A scanner: no cookies of the person's, every link fetched, the redirect followed; then the person, signed in, twice.
    for (const browser of [request.agent(t.app), request.agent(t.app), agent, agent]) {
      const page = await openVerifyLink(browser, link);
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toContain("no-store");
      expect(page.text).toContain('<h1 class="page-header__title">Confirm your email address</h1>');
      expect(page.text).toContain(`Press the button to confirm that ${email} is your email address.`);
      expect(page.text).toContain('<form class="auth-form" method="post" action="/account/verify-email/confirm/">');
      expect(page.text).toContain('<button class="button" type="submit">Confirm my email</button>');
    }
    expect(await row()).toEqual(before);
    expect(await verifiedAt(t, email)).toBeNull();

    const page = await openVerifyLink(agent, link);
    const confirmed = await pressVerifyButton(agent, page);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toMatch(/^\/account\/register\/\?link-school=true&resume=/);
    expect((await row()).used_at).toEqual(expect.any(String));
    expect(await verifiedAt(t, email)).toEqual(expect.any(String));
    // The button spent the link and its cookie: pressed again, the link no longer works.
    expect((await pressVerifyButton(agent, page)).status).toBe(410);
  });

  it("the button needs the page's CSRF token, and spends nothing without it", async () => {
    const email = "forged.confirm@riverside.sch.uk";
    const { agent, token } = await signedIn(email);
    await agent.post("/account/verify-email/").set("X-CSRFToken", token).send(choice);
    const [mail] = await outboxFor(t.database.db, email);
    const browser = request.agent(t.app);
    await openVerifyLink(browser, verifyLinkIn(mail!.text_body));
    expect((await browser.post("/account/verify-email/confirm/").type("form").set("Accept", "text/html").send({})).status).toBe(403);
    expect(await verifiedAt(t, email)).toBeNull();
  });

  it("answers a visit without a link with the unusable-link page", async () => {
    const response = await request(t.app).get("/account/verify-email/").set("Accept", "text/html");
    expect(response.status).toBe(410);
    expect(response.text).toContain("Sign in to get a new link");
    const garbage = await request(t.app).get("/account/verify-email/?token=short");
    expect(garbage.status).toBe(303);
  });
});
