import request from "supertest";
import type { CrmPort } from "../../../server/crm/crm-port";
import { jsonCall, signedInBrowser, type Agent } from "../my-account/support";
import { acceptPathIn, acceptThroughPage, addSchool, crmOf, join } from "../memberships/support";
import { databaseEngines } from "../support/databases";
import { browserWithPage, csrfTokenOf } from "../support/pages";
import { createTestApp, type TestApp } from "../support/test-app";
import { addPerson, browserOnLoginPage, followVerifyLink, outboxFor, resetLinkIn, strongPassword } from "./support";

/*
 * Every kind of emailed link, followed twice, and the older of two where a
 * person can hold two (issue 23, "Proven by"): through the real app, its
 * outbox and the pages a browser lands on. The second use and the older link
 * each answer with a page that says the address is already confirmed or the
 * link is used, and where to go next: never the error page, and never a
 * sign-in the person did not ask for.
 */

/** The path (and query) of the first link in a message's text body that matches. */
function linkIn(textBody: string | null, pattern: RegExp): string {
  const link = pattern.exec(textBody ?? "")?.[0];
  if (!link) throw new Error(`no link matching ${pattern} in: ${textBody}`);
  const url = new URL(link);
  return url.pathname + url.search;
}
const verifyLink = /https?:\/\/\S+\/account\/verify-email\/\?token=[A-Za-z0-9_-]{43}/;
const signInLink = /https?:\/\/\S+\/account\/login\/link\/[A-Za-z0-9_-]{43}\//;

const signedInEmail = async (agent: Agent): Promise<string | null> =>
  (await agent.get("/account/session-status/").set("Accept", "application/json")).body.session_data.login_info?.email ?? null;

/** A page a person can act on: not the error page, with the message and a way on. */
function expectLinkUsedPage(page: { status: number; text: string }, message: string, nextHref: string): void {
  expect(page.status).toBeLessThan(500);
  expect(page.text).not.toContain("We couldn&#39;t read that request");
  expect(page.text).not.toContain("Something went wrong");
  expect(page.text).toContain(message);
  expect(page.text).toContain(`href="${nextHref}`);
}

describe.each(databaseEngines)("each emailed link, followed twice, and the older of two, on %s", (engine) => {
  let t: TestApp;
  let crm: CrmPort;
  let count = 0;
  const nextEmail = (label: string) => `${label}${(count += 1)}@riverside.sch.uk`;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    crm = crmOf(t);
  });
  afterAll(() => t.close());

  /** Follows an address-confirming link in a browser: the hand-off, the page, and its "Confirm my email" button when it offers one. */
  const followVerify = followVerifyLink;

  describe("the welcome email's confirmation link", () => {
    // Each signs up through the real call: full-cost password hashing, slow on a busy machine.
    const signUpTimeout = 60_000;
    const alreadyConfirmed = "Your email address is already confirmed.";

    /** Signs up through the real call, and records the wizard's school choice; the agent stays signed in. */
    const signUp = async () => {
      const email = nextEmail("welcome");
      const { agent, token } = await browserOnLoginPage(t.app, "/account/register/");
      const created = await agent
        .post("/account/register/")
        .set("X-CSRFToken", token)
        .send({ first_name: "Ada", last_name: "Okoro", phone_number: "", email, password: strongPassword, next: "/account/my-account/" });
      expect(created.status).toBe(201);
      const csrf = created.body.csrfToken as string;
      const choice = { pathway: "state-school", school: { name: "Riverside Academy", constituentId: 12, type: "state" }, step: "confirmSchool" };
      await agent.post("/account/verify-email/").set("X-CSRFToken", csrf).send(choice);
      return { email, agent, csrf, choice };
    };

    it("followed twice in another browser: confirmed, then already confirmed; neither signs in", async () => {
      const { email } = await signUp();
      const [welcome] = await outboxFor(t.database.db, email);
      const link = linkIn(welcome!.text_body, verifyLink);
      const phone = request.agent(t.app);
      expect((await followVerify(phone, link)).text).toContain("Your email address is confirmed");
      const again = await followVerify(phone, link);
      expectLinkUsedPage(again, alreadyConfirmed, "/account/");
      expect(await signedInEmail(phone)).toBeNull();
    }, signUpTimeout);

    it("the older of two (after Resend the email), once the newer is used: already confirmed, not signed in", async () => {
      const { email, agent, csrf, choice } = await signUp();
      expect((await agent.post("/account/verify-email/").set("X-CSRFToken", csrf).send({ ...choice, resend: true })).body.emailSent).toBe(true);
      const mails = await outboxFor(t.database.db, email);
      const older = linkIn(mails.find((mail) => mail.template === "welcome")!.text_body, verifyLink);
      const newer = linkIn(mails.find((mail) => mail.template === "verify-email")!.text_body, verifyLink);
      expect((await followVerify(agent, newer)).status).toBe(303);
      const elsewhere = request.agent(t.app);
      expectLinkUsedPage(await followVerify(elsewhere, older), alreadyConfirmed, "/account/");
      expect(await signedInEmail(elsewhere)).toBeNull();
      // In the browser that signed up, too: the same page, still signed in as before; its "Continue your
      // registration" is a button (a GET writes no resume key), and the button goes on into the wizard.
      const inTheirBrowser = await followVerify(agent, older);
      expect(inTheirBrowser.text).toContain(alreadyConfirmed);
      expect(inTheirBrowser.text).toContain('<button class="button" type="submit">Continue your registration</button>');
      const continued = await agent.post("/account/verify-email/confirm/").type("form").send({ _csrf: csrfTokenOf(inTheirBrowser.text) });
      expect(continued.headers.location).toMatch(/^\/account\/register\/\?link-school=true&resume=/);
    }, signUpTimeout);
  });

  describe("the password reset link", () => {
    const used = "This link has expired or has already been used.";
    const requestLink = async (email: string) => {
      const { agent, token } = await browserOnLoginPage(t.app, "/account/forgot-password/");
      expect((await agent.post("/account/forgot-password/").type("form").send({ _csrf: token, email })).status).toBe(200);
      const [mail] = await outboxFor(t.database.db, email);
      return resetLinkIn(mail!.text_body);
    };
    const open = async (link: string) => {
      const agent = request.agent(t.app);
      await agent.get(link);
      return { agent, page: await agent.get("/account/reset-password/").set("Accept", "text/html") };
    };

    it("used, then followed again, and the older of two: each says it is used, and to ask for a new one", async () => {
      const email = nextEmail("reset");
      await addPerson(t.database.db, { email });
      const older = await requestLink(email);
      const newer = await requestLink(email);
      const { agent, page } = await open(newer);
      const password = "Curtain-call-2026?";
      const saved = await agent.post("/account/reset-password/").type("form").send({ _csrf: csrfTokenOf(page.text), password, confirm_password: password });
      expect(saved.status).toBe(303);

      for (const link of [newer, older]) {
        const again = await open(link);
        expect(again.page.status).toBe(410);
        expectLinkUsedPage(again.page, used, "/account/forgot-password/");
        expect(await signedInEmail(again.agent)).toBeNull();
      }
    });
  });

  describe("the emailed sign-in link", () => {
    const used = "This sign-in link has expired or has already been used.";
    const requestLink = async (email: string) => {
      const { agent, token } = await browserWithPage(t.app, "/account/login/");
      expect((await agent.post("/account/login/email-link/").set("X-CSRFToken", token).send({ email })).status).toBe(200);
      const [mail] = await outboxFor(t.database.db, email);
      return linkIn(mail!.text_body, signInLink);
    };
    const open = async (link: string) => {
      const agent = request.agent(t.app);
      await agent.get(link).set("Accept", "text/html");
      return { agent, page: await agent.get("/account/login/link/").set("Accept", "text/html") };
    };

    it("used, then followed again, and the older of two: each says it is used, with the sign-in page next, and signs nobody in", async () => {
      const email = nextEmail("link");
      await addPerson(t.database.db, { email });
      const older = await requestLink(email);
      const newer = await requestLink(email);
      const { agent, page } = await open(newer);
      expect((await agent.post("/account/login/link/").type("form").send({ _csrf: csrfTokenOf(page.text) })).status).toBe(303);
      expect(await signedInEmail(agent)).toBe(email);

      for (const link of [newer, older]) {
        const again = await open(link);
        expect(again.page.status).toBe(410);
        expectLinkUsedPage(again.page, used, "/account/login/");
        // Nor does its button, posted anyway.
        const replay = await again.agent.post("/account/login/link/").type("form").send({ _csrf: csrfTokenOf(again.page.text) });
        expect(replay.status).toBe(410);
        expect(await signedInEmail(again.agent)).toBeNull();
      }
    });
  });

  describe("the email change's confirmation link", () => {
    it("used, then followed again, and the older of two (after a resend): each says already confirmed, on to My account, signing nobody in", async () => {
      const email = nextEmail("mover");
      await addPerson(t.database.db, { email, firstName: "Priya" });
      const { agent, token } = await signedInBrowser(t.app, email);
      const newEmail = nextEmail("moved");
      expect((await jsonCall(agent, "put", "/account/update-profile/", token, { Email: newEmail, Password: strongPassword })).status).toBe(200);
      expect((await jsonCall(agent, "post", "/account/email-change/resend/", token, {})).status).toBe(200);
      const [newerMail, olderMail] = await outboxFor(t.database.db, newEmail);
      const newer = linkIn(newerMail!.text_body, verifyLink);
      const older = linkIn(olderMail!.text_body, verifyLink);
      expect(newer).not.toBe(older);
      expect((await followVerify(agent, newer)).headers.location).toBe("/account/my-account/#profile");

      for (const link of [newer, older]) {
        const elsewhere = request.agent(t.app);
        const again = await followVerify(elsewhere, link);
        expect(again.status).toBe(200);
        expect(again.text).toContain("Your email address is already confirmed.");
        expect(again.text).toContain('value="/account/my-account/"');
        expect(again.text).not.toContain("Something went wrong");
        expect(await signedInEmail(elsewhere)).toBeNull();
      }
    });
  });

  describe("the school invite's link", () => {
    const noLongerWorks = "This invite link no longer works";

    it("used, then followed again, and the older of two: each says it no longer works and who to ask, joining nothing twice", async () => {
      const school = await addSchool(t.database.db, crm, { name: "Riverside Academy", seats: 10 });
      const headEmail = nextEmail("head");
      const head = await addPerson(t.database.db, { email: headEmail, firstName: "Tom" });
      await join(crm, school.schoolId, head, "admin");
      const admin = await signedInBrowser(t.app, headEmail);
      const invitedEmail = nextEmail("invited");
      const invite = () =>
        jsonCall(admin.agent, "post", "/account/invite-user/", admin.token, { email: invitedEmail, organisationConstituentId: school.schoolId, membershipId: school.membershipId });
      expect((await invite()).status).toBe(200);
      expect((await invite()).status).toBe(200);
      const [newerMail, olderMail] = await outboxFor(t.database.db, invitedEmail);
      const newer = acceptPathIn(newerMail!.text_body);
      const older = acceptPathIn(olderMail!.text_body);
      expect(newer).not.toBe(older);

      await addPerson(t.database.db, { email: invitedEmail, firstName: "Idris" });
      const invited = await signedInBrowser(t.app, invitedEmail);
      const accepted = await acceptThroughPage(invited.agent, newer);
      expect(accepted.status).toBe(303);
      expect(accepted.headers.location).toBe("/account/my-account/#school");

      for (const link of [newer, older]) {
        // Signed in as the invited person, and signed out in another browser.
        for (const agent of [invited.agent, request.agent(t.app)]) {
          const again = await agent.get(link).set("Accept", "text/html");
          expect(again.status).toBe(400);
          expectLinkUsedPage(again, noLongerWorks, "/account/my-account/#contact");
          expect(again.text).toContain("Ask the school&#39;s admin to send you a new invite.");
        }
      }
      expect(await signedInEmail(request.agent(t.app))).toBeNull();
    });
  });
});
