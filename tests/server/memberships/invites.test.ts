import request from "supertest";
import type { CrmPort } from "../../../server/crm/crm-port";
import { addPerson, browserOnLoginPage, credentialsRow, outboxFor, signInAs } from "../accounts/support";
import { formPost, jsonCall, myAccountPath, signedInBrowser, type Agent } from "../my-account/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { csrfTokenOf } from "../support/pages";
import { acceptPathIn, acceptThroughPage, addSchool, crmOf, currentRoles, ids, join, latestInvitePath, refusals, userSeatsRemaining } from "./support";

const { user: USER } = ids.affiliationTypes;

describe.each(databaseEngines)("school invites on %s", (engine) => {
  let t: TestApp;
  let crm: CrmPort;
  let school: { schoolId: number; membershipId: number };
  let full: { schoolId: number; membershipId: number };
  let admin: { agent: Agent; token: string };
  let member: { agent: Agent; token: string };
  const people: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ engine });
    crm = crmOf(t);
    school = await addSchool(t.database.db, crm, { name: "Riverside Academy", seats: 10 });
    full = await addSchool(t.database.db, crm, { name: "Oakfield Primary School", seats: 2 });
    for (const key of ["head", "member", "invitee", "stranger", "latecomer", "walk-in"]) {
      people[key] = await addPerson(t.database.db, { email: `${key}@example.org`, firstName: key });
    }
    await join(crm, school.schoolId, people.head!, "admin");
    await join(crm, school.schoolId, people.member!, "user");
    await join(crm, full.schoolId, people.head!, "admin");
    await join(crm, full.schoolId, people.member!, "user");
    admin = await signedInBrowser(t.app, "head@example.org");
    member = await signedInBrowser(t.app, "member@example.org");
  });
  afterAll(() => t.close());

  const invite = (who: { agent: Agent; token: string }, email: string, target = school) =>
    jsonCall(who.agent, "post", "/account/invite-user/", who.token, { email, organisationConstituentId: target.schoolId, membershipId: target.membershipId });
  /** An invite sent by the head; its link. */
  const linkFor = async (email: string, target = school) => {
    expect((await invite(admin, email, target)).status).toBe(200);
    return latestInvitePath(t.database.db, email);
  };

  describe("POST /account/invite-user/", () => {
    it("sends an admin's invite by email, with a link to accept it", async () => {
      const response = await invite(admin, "Invitee@Example.org");
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: true });
      const [mail] = await outboxFor(t.database.db, "invitee@example.org");
      expect(mail!.subject).toContain("Riverside Academy");
      expect(acceptPathIn(mail!.text_body)).toMatch(/^\/account\/invite\/accept\/\?token=/);
    });

    it("refuses a user who is not an admin, sending nothing", async () => {
      const response = await invite(member, "nobody@example.org");
      expect(response.status).toBe(403);
      expect(await outboxFor(t.database.db, "nobody@example.org")).toEqual([]);
      expect(refusals(t, "admin-of-school").some((line) => line.userId === people.member)).toBe(true);
    });

    it("refuses a membership that is not the school's current one", async () => {
      const response = await invite(admin, "nobody@example.org", { schoolId: school.schoolId, membershipId: full.membershipId });
      expect(response.status).toBe(403);
      expect(await outboxFor(t.database.db, "nobody@example.org")).toEqual([]);
    });

    it("names a bad email address", async () => {
      const response = await invite(admin, "not an email");
      expect(response.status).toBe(400);
      expect(response.body.errors.email).toEqual(["Please enter a valid email address"]);
    });

    it("works as a plain form, coming back to the School tab with the notice", async () => {
      const response = await formPost(admin.agent, "/account/invite-user/", admin.token, {
        email: "formed@example.org", organisationConstituentId: String(school.schoolId), membershipId: String(school.membershipId),
      });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe("/account/my-account/#school");
      expect((await admin.agent.get(myAccountPath).set("Accept", "text/html")).text).toContain("Invite sent successfully!");
      expect(await outboxFor(t.database.db, "formed@example.org")).toHaveLength(1);
    });
  });

  describe("GET and POST /account/invite/accept/", () => {
    const inviteRow = (email: string) => t.database.db.selectFrom("school_invites").selectAll().where("email", "=", email).orderBy("id", "desc").executeTakeFirstOrThrow();

    it("opening the link offers 'Join {school}' and changes nothing; the button joins the invited person, using a seat", async () => {
      await invite(admin, "invitee@example.org");
      const [mail] = await outboxFor(t.database.db, "invitee@example.org");
      const acceptPath = acceptPathIn(mail!.text_body);
      const before = await userSeatsRemaining(crm, school.membershipId);
      const row = await inviteRow("invitee@example.org");
      const { agent } = await signedInBrowser(t.app, "invitee@example.org");
      // Twice, as a mail scanner and then the person would: each GET shows the button, and nothing is spent.
      for (let opened = 0; opened < 2; opened += 1) {
        const page = await agent.get(acceptPath).set("Accept", "text/html");
        expect(page.status).toBe(200);
        expect(page.headers["cache-control"]).toContain("no-store");
        expect(page.headers["referrer-policy"]).toBe("same-origin");
        expect(page.text).toContain("<h1 class=\"page-header__title\">Join Riverside Academy</h1>");
        expect(page.text).toContain('<form class="auth-form" method="post" action="/account/invite/accept/">');
        expect(page.text).toContain('<button class="button" type="submit">Join Riverside Academy</button>');
      }
      expect(await inviteRow("invitee@example.org")).toEqual(row);
      expect(await currentRoles(crm, school.schoolId, people.invitee!)).toEqual([]);
      expect(await userSeatsRemaining(crm, school.membershipId)).toBe(before);
      expect((await credentialsRow(t.database.db, people.invitee!))?.email_verified_at ?? null).toBeNull();

      const response = await acceptThroughPage(agent, acceptPath);
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe("/account/my-account/#school");
      expect(await currentRoles(crm, school.schoolId, people.invitee!)).toEqual([USER]);
      expect(await userSeatsRemaining(crm, school.membershipId)).toBe(before - 1);
      // Following the emailed link proves the address.
      expect((await credentialsRow(t.database.db, people.invitee!))?.email_verified_at).toEqual(expect.any(String));
      expect((await agent.get(myAccountPath).set("Accept", "text/html")).text).toContain("You have joined Riverside Academy.");
    });

    it("refuses a link whose token is not an invite's, changing nothing", async () => {
      const { agent } = await signedInBrowser(t.app, "stranger@example.org");
      const response = await agent.get(`/account/invite/accept/?token=${"A".repeat(43)}`).set("Accept", "text/html");
      expect(response.status).toBe(400);
      expect(response.text).toContain("This invite link doesn&#39;t work");
      expect(await currentRoles(crm, school.schoolId, people.stranger!)).toEqual([]);
    });

    it("refuses an expired invite, saying to ask for a new one", async () => {
      const acceptPath = await linkFor("stranger@example.org");
      await t.database.db.updateTable("school_invites").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("email", "=", "stranger@example.org").execute();
      const { agent } = await signedInBrowser(t.app, "stranger@example.org");
      const response = await agent.get(acceptPath).set("Accept", "text/html");
      expect(response.status).toBe(400);
      expect(response.text).toContain("This invite has expired");
      expect(response.text).toContain("Ask your school&#39;s admin to send you a new one.");
      expect(await currentRoles(crm, school.schoolId, people.stranger!)).toEqual([]);
    });

    it("asks someone signed in with another email to sign out first", async () => {
      const acceptPath = await linkFor("latecomer@example.org");
      const { agent } = await signedInBrowser(t.app, "stranger@example.org");
      const response = await agent.get(acceptPath).set("Accept", "text/html");
      expect(response.status).toBe(403);
      expect(response.text).toContain("This invite is for someone else");
      expect(response.text).toContain("latecomer@example.org");
      expect(response.text).toContain('action="/account/logout/"');
      expect(await currentRoles(crm, school.schoolId, people.stranger!)).toEqual([]);
    });

    it("sends a signed-out visitor with an account to sign in, then back to the link", async () => {
      const acceptPath = await linkFor("latecomer@example.org");
      const response = await request(t.app).get(acceptPath).set("Accept", "text/html");
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(`/account/login/?next=${encodeURIComponent(acceptPath)}`);
      // Signed in as the invited address, the same link joins.
      const { agent, token: csrf } = await browserOnLoginPage(t.app);
      await signInAs(agent, csrf, "latecomer@example.org");
      expect((await acceptThroughPage(agent, acceptPath)).status).toBe(303);
      expect(await currentRoles(crm, school.schoolId, people.latecomer!)).toEqual([USER]);
    });

    it("sends a signed-out visitor without an account to sign up with the invited email", async () => {
      const acceptPath = await linkFor("new.teacher@example.org");
      const response = await request(t.app).get(acceptPath).set("Accept", "text/html");
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(`/account/register/?returnURL=${encodeURIComponent(acceptPath)}&email=${encodeURIComponent("new.teacher@example.org")}`);
    });

    it("says plainly when the school has no seats left, and keeps the invite for when one is free", async () => {
      const acceptPath = await linkFor("stranger@example.org", full);
      // Someone joins by another way (the email-domain rule) and takes the last seat the invite was holding.
      await join(crm, full.schoolId, people["walk-in"]!, "user");
      const { agent } = await signedInBrowser(t.app, "stranger@example.org");
      const response = await acceptThroughPage(agent, acceptPath);
      expect(response.status).toBe(409);
      expect(response.text).toContain("No seats left");
      expect(await currentRoles(crm, full.schoolId, people.stranger!)).toEqual([]);
      const invitee = await t.database.db.selectFrom("school_invites").select(["accepted_at", "revoked_at"]).where("email", "=", "stranger@example.org").where("school_id", "=", full.schoolId).executeTakeFirstOrThrow();
      expect(invitee).toEqual({ accepted_at: null, revoked_at: null });
    });

    it("works once: the same link again says it no longer works", async () => {
      const acceptPath = await linkFor("once@example.org");
      await addPerson(t.database.db, { email: "once@example.org", firstName: "Once" });
      const { agent } = await signedInBrowser(t.app, "once@example.org");
      expect((await acceptThroughPage(agent, acceptPath)).status).toBe(303);
      const again = await agent.get(acceptPath).set("Accept", "text/html");
      expect(again.status).toBe(400);
      expect(again.text).toContain("This invite link no longer works");
      expect(again.text).toContain("Ask the school&#39;s admin to send you a new invite.");
      // Nor does its button, posted again.
      const token = new URL(acceptPath, "http://site").searchParams.get("token");
      const csrf = csrfTokenOf((await agent.get(myAccountPath).set("Accept", "text/html")).text);
      const replay = await agent.post("/account/invite/accept/").type("form").set("Accept", "text/html").send({ _csrf: csrf, token });
      expect(replay.status).toBe(400);
      expect(replay.text).toContain("This invite link no longer works");
    });

    it("the button posted without a session's CSRF token is refused, and the invite stays pending", async () => {
      const acceptPath = await linkFor("forged@example.org");
      await addPerson(t.database.db, { email: "forged@example.org", firstName: "Forged" });
      const { agent } = await signedInBrowser(t.app, "forged@example.org");
      const token = new URL(acceptPath, "http://site").searchParams.get("token");
      const forged = await agent.post("/account/invite/accept/").type("form").set("Accept", "text/html").send({ token });
      expect(forged.status).toBe(403);
      expect((await inviteRow("forged@example.org")).accepted_at).toBeNull();
    });
  });
});
