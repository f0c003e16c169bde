import { addPerson } from "../server/accounts/support";
import { acceptThroughPage, addSchool, currentRoles, join, latestInvitePath, userSeatsRemaining } from "../server/memberships/support";
import { formPost, jsonCall, myAccountPath, signedInBrowser, type Agent } from "../server/my-account/support";
import { appPerSuite, type SuiteApp } from "./support";

/*
 * Issue 22, items 3 and 5: an invite is single-use and revocable (ASVS 5.0
 * V8.3.2, access changes apply at once), and sending invites is limited
 * (V2.4.1, anti-automation), with pending invites holding seats.
 */
type Browser = { agent: Agent; token: string };
type School = { schoolId: number; membershipId: number };

const invite = (who: Browser, email: string, school: School) =>
  jsonCall(who.agent, "post", "/account/invite-user/", who.token, { email, organisationConstituentId: school.schoolId, membershipId: school.membershipId });

async function adminOf({ t, crm }: SuiteApp, school: School, email: string): Promise<Browser> {
  await join(crm, school.schoolId, await addPerson(t.database.db, { email }), "admin");
  return signedInBrowser(t.app, email);
}

describe("revoking invites", () => {
  const suite = appPerSuite();
  let school: School;
  let head: Browser;
  beforeAll(async () => {
    school = await addSchool(suite.t.database.db, suite.crm, { name: "Riverside Academy", seats: 10 });
    head = await adminOf(suite, school, "head@riverside.example");
  });

  it("V8.3.2 refuses the old link to someone an admin removed: they do not rejoin or take a seat", async () => {
    const personId = await addPerson(suite.t.database.db, { email: "removed@example.org" });
    expect((await invite(head, "removed@example.org", school)).status).toBe(200);
    const link = await latestInvitePath(suite.t.database.db, "removed@example.org");
    const removed = await signedInBrowser(suite.t.app, "removed@example.org");
    expect((await acceptThroughPage(removed.agent, link)).status).toBe(303);
    // A second invite sent meanwhile, still pending, goes with the removal too.
    expect((await invite(head, "removed@example.org", school)).status).toBe(200);
    const secondLink = await latestInvitePath(suite.t.database.db, "removed@example.org");
    const [affiliation] = await suite.crm.affiliations({ groupConstituentId: school.schoolId, individualConstituentId: personId, currentAt: new Date() });
    expect((await formPost(head.agent, `/account/school/remove/${affiliation!.Id}/`, head.token, {})).status).toBe(303);
    const seatsAfterRemoval = await userSeatsRemaining(suite.crm, school.membershipId);

    for (const replay of [link, secondLink]) {
      const response = await removed.agent.get(replay).set("Accept", "text/html");
      expect(response.status).toBe(400);
      expect(response.text).toContain("This invite link no longer works");
      expect(response.text).toContain("Ask the school&#39;s admin to send you a new invite.");
    }
    expect(await currentRoles(suite.crm, school.schoolId, personId)).toEqual([]);
    expect(await userSeatsRemaining(suite.crm, school.membershipId)).toBe(seatsAfterRemoval);
    const [audit] = await suite.t.database.db.selectFrom("audit_events").select("details").where("event", "=", "school-affiliation.removed").execute();
    expect(JSON.parse(String(audit!.details))).toMatchObject({ invitesRevoked: 1 });
  });

  it("V8.3.2 lists pending invites on the School tab; revoking one (a plain form) makes its link refuse", async () => {
    await addPerson(suite.t.database.db, { email: "pending@example.org" });
    expect((await invite(head, "pending@example.org", school)).status).toBe(200);
    const link = await latestInvitePath(suite.t.database.db, "pending@example.org");
    const tab = await head.agent.get(myAccountPath).set("Accept", "text/html");
    expect(tab.text).toContain("Pending invites");
    const action = new RegExp(`action="(/account/school/${school.schoolId}/invites/(\\d+)/revoke/)"`).exec(tab.text);
    expect(action).not.toBeNull();
    const listed = await head.agent.get(`/account/school/${school.schoolId}/invites/`).set("Accept", "application/json");
    expect(listed.body.details).toContainEqual(expect.objectContaining({ id: Number(action![2]), email: "pending@example.org" }));

    const revoked = await formPost(head.agent, action![1]!, head.token, {});
    expect(revoked.status).toBe(303);
    expect(revoked.headers.location).toBe("/account/my-account/#school");
    const after = await head.agent.get(myAccountPath).set("Accept", "text/html");
    expect(after.text).toContain("The invite to pending@example.org has been revoked");
    expect(after.text).not.toContain(action![1]);
    const [audit] = await suite.t.database.db.selectFrom("audit_events").select(["actor_id", "details"]).where("event", "=", "school-invite.revoked").execute();
    expect(JSON.parse(String(audit!.details))).toMatchObject({ schoolId: school.schoolId, email: "pending@example.org" });

    const invitee = await signedInBrowser(suite.t.app, "pending@example.org");
    const response = await invitee.agent.get(link).set("Accept", "text/html");
    expect(response.status).toBe(400);
    expect(response.text).toContain("This invite link no longer works");
    expect((await formPost(head.agent, action![1]!, head.token, {})).status).toBe(404);
  });

  it("V2.4.1 resends a pending invite from the School tab: the same invite, a new link, a fresh expiry; the old link refuses; limited per invite", async () => {
    const clockStart = Date.now();
    expect((await invite(head, "again@example.org", school)).status).toBe(200);
    const oldLink = await latestInvitePath(suite.t.database.db, "again@example.org");
    const [before] = await suite.t.database.db.selectFrom("school_invites").select(["id", "expires_at"]).where("email", "=", "again@example.org").execute();
    // Made to look older, so the refreshed expiry is visibly later.
    await suite.t.database.db.updateTable("school_invites").set({ expires_at: new Date(clockStart + 60 * 60 * 1000).toISOString() }).where("id", "=", before!.id).execute();
    const tab = await head.agent.get(myAccountPath).set("Accept", "text/html");
    const resendPath = `/account/school/${school.schoolId}/invites/${before!.id}/resend/`;
    expect(tab.text).toContain(`action="${resendPath}"`);
    expect(tab.text).toContain("Resend<span class=\"visually-hidden\"> the invite to again@example.org</span>");

    const resent = await formPost(head.agent, resendPath, head.token, {});
    expect(resent.status).toBe(303);
    expect(resent.headers.location).toBe("/account/my-account/#school");
    expect((await head.agent.get(myAccountPath).set("Accept", "text/html")).text).toContain("The invite to again@example.org has been sent again");
    const rows = await suite.t.database.db.selectFrom("school_invites").select(["id", "expires_at", "revoked_at"]).where("email", "=", "again@example.org").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(before!.id);
    expect(rows[0]!.revoked_at).toBeNull();
    expect(Date.parse(rows[0]!.expires_at)).toBeGreaterThan(clockStart + 6 * 24 * 60 * 60 * 1000);
    const newLink = await latestInvitePath(suite.t.database.db, "again@example.org");
    expect(newLink).not.toBe(oldLink);
    const [audit] = await suite.t.database.db.selectFrom("audit_events").select("details").where("event", "=", "school-invite.resent").execute();
    expect(JSON.parse(String(audit!.details))).toMatchObject({ schoolId: school.schoolId, inviteId: before!.id, email: "again@example.org" });

    await addPerson(suite.t.database.db, { email: "again@example.org" });
    const invitee = await signedInBrowser(suite.t.app, "again@example.org");
    const old = await invitee.agent.get(oldLink).set("Accept", "text/html");
    expect(old.status).toBe(400);
    expect(old.text).toContain("This invite link doesn&#39;t work");
    expect(old.text).toContain("a newer invite email has replaced it");

    // 3 resends an hour per invite: the 4th comes back to the School tab with when to try again, and sends nothing.
    expect((await jsonCall(head.agent, "post", resendPath, head.token, {})).status).toBe(200);
    expect((await jsonCall(head.agent, "post", resendPath, head.token, {})).status).toBe(200);
    const mailsBefore = await suite.t.database.db.selectFrom("mail_outbox").select("id").where("to_address", "=", "again@example.org").execute();
    const tooSoon = await formPost(head.agent, resendPath, head.token, {});
    expect(tooSoon.status).toBe(303);
    expect(tooSoon.headers["retry-after"]).toBeDefined();
    expect((await head.agent.get(myAccountPath).set("Accept", "text/html")).text).toContain("This invite has been sent again several times already. Try again in");
    expect(await suite.t.database.db.selectFrom("mail_outbox").select("id").where("to_address", "=", "again@example.org").execute()).toHaveLength(mailsBefore.length);

    // Each resend replaced the link before it; the newest one joins the school.
    const newest = await latestInvitePath(suite.t.database.db, "again@example.org");
    expect(newest).not.toBe(newLink);
    expect((await invitee.agent.get(newLink).set("Accept", "text/html")).status).toBe(400);
    expect((await acceptThroughPage(invitee.agent, newest)).status).toBe(303);
  });

  it("V8.3.2 V8.2.2 lets only an admin of the invite's school list or revoke it, and needs the CSRF token", async () => {
    const other = await addSchool(suite.t.database.db, suite.crm, { name: "Oakfield Primary School", seats: 10 });
    const otherHead = await adminOf(suite, other, "head@oakfield.example");
    expect((await invite(head, "kept@example.org", school)).status).toBe(200);
    const [row] = await suite.t.database.db.selectFrom("school_invites").select("id").where("email", "=", "kept@example.org").execute();
    // Another school's admin: by either school's id, refused.
    expect((await formPost(otherHead.agent, `/account/school/${school.schoolId}/invites/${row!.id}/revoke/`, otherHead.token, {})).status).toBe(403);
    expect((await formPost(otherHead.agent, `/account/school/${other.schoolId}/invites/${row!.id}/revoke/`, otherHead.token, {})).status).toBe(404);
    expect((await otherHead.agent.get(`/account/school/${school.schoolId}/invites/`).set("Accept", "application/json")).status).toBe(403);
    expect((await head.agent.post(`/account/school/${school.schoolId}/invites/${row!.id}/revoke/`).type("form").send({})).status).toBe(403);
    expect((await formPost(otherHead.agent, `/account/school/${school.schoolId}/invites/${row!.id}/resend/`, otherHead.token, {})).status).toBe(403);
    expect((await formPost(otherHead.agent, `/account/school/${other.schoolId}/invites/${row!.id}/resend/`, otherHead.token, {})).status).toBe(404);
    expect((await head.agent.post(`/account/school/${school.schoolId}/invites/${row!.id}/resend/`).type("form").send({})).status).toBe(403);
    const [still] = await suite.t.database.db.selectFrom("school_invites").select("revoked_at").where("id", "=", row!.id).execute();
    expect(still!.revoked_at).toBeNull();
  });
});

describe("seats held by pending invites", () => {
  const suite = appPerSuite();
  let school: School;
  let head: Browser;
  beforeAll(async () => {
    school = await addSchool(suite.t.database.db, suite.crm, { name: "Elm Tree School", seats: 3 });
    head = await adminOf(suite, school, "head@elm.example");
    await join(suite.crm, school.schoolId, await addPerson(suite.t.database.db, { email: "teacher@elm.example" }), "user");
  });

  it("V2.4.1 refuses, before sending, an invite no seat is left for; a second invite to one address holds one seat", async () => {
    expect((await invite(head, "one@example.org", school)).status).toBe(200);
    // Sent again: it replaces the first (whose link stops working) rather than holding a second seat.
    expect((await invite(head, "one@example.org", school)).status).toBe(200);
    expect((await invite(head, "two@example.org", school)).status).toBe(200);
    const pending = await suite.t.database.db.selectFrom("school_invites").select("email").where("revoked_at", "is", null).execute();
    expect(pending.map((row) => row.email).sort()).toEqual(["one@example.org", "two@example.org"]);

    const refused = await invite(head, "three@example.org", school);
    expect(refused.status).toBe(409);
    expect(refused.body.errors.__all__).toEqual(["All 3 seats are in use or held by pending invites. Revoke a pending invite or remove someone first."]);
    const [mail] = await suite.t.database.db.selectFrom("mail_outbox").select("id").where("to_address", "=", "three@example.org").execute();
    expect(mail).toBeUndefined();

    const [two] = await suite.t.database.db.selectFrom("school_invites").select("id").where("email", "=", "two@example.org").execute();
    expect((await formPost(head.agent, `/account/school/${school.schoolId}/invites/${two!.id}/revoke/`, head.token, {})).status).toBe(303);
    expect((await invite(head, "three@example.org", school)).status).toBe(200);
  });
});

describe("invite limits", () => {
  const suite = appPerSuite();

  it("V2.4.1 answers an admin's 21st invite in an hour with 429, Retry-After and when to try again, sending nothing", async () => {
    const school = await addSchool(suite.t.database.db, suite.crm, { name: "Birch Academy", seats: "unlimited" });
    const head = await adminOf(suite, school, "head@birch.example");
    for (let n = 1; n <= 20; n += 1) expect((await invite(head, `staff${n}@birch.example`, school)).status).toBe(200);
    const refused = await invite(head, "staff21@birch.example", school);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(55 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    expect(refused.body.errors.__all__[0]).toMatch(/^You have sent as many invites as we allow for now\. Try again in (59 minutes|1 hour)\.$/);
    expect(await suite.t.database.db.selectFrom("mail_outbox").select("id").where("to_address", "=", "staff21@birch.example").execute()).toEqual([]);
    // As a plain form, the same refusal comes back as the invite page with the message.
    const form = await formPost(head.agent, "/account/invite-user/", head.token, {
      email: "staff22@birch.example", organisationConstituentId: String(school.schoolId), membershipId: String(school.membershipId),
    });
    expect(form.status).toBe(429);
    expect(form.headers["retry-after"]).toBeDefined();
    expect(form.text).toContain("Try again in");
  }, 60_000);

  it("V2.4.1 limits a school's invites whichever of its admins sends them (30 an hour)", async () => {
    const school = await addSchool(suite.t.database.db, suite.crm, { name: "Cedar High School", seats: "unlimited" });
    const first = await adminOf(suite, school, "first@cedar.example");
    const second = await adminOf(suite, school, "second@cedar.example");
    for (let n = 1; n <= 20; n += 1) expect((await invite(first, `a${n}@cedar.example`, school)).status).toBe(200);
    for (let n = 1; n <= 10; n += 1) expect((await invite(second, `b${n}@cedar.example`, school)).status).toBe(200);
    const refused = await invite(second, "b11@cedar.example", school);
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.body.errors.__all__[0]).toMatch(/^Your school's admins have sent as many invites as we allow for now\. Try again in/);
    // Another school's admin is not held back by Cedar's count.
    const other = await addSchool(suite.t.database.db, suite.crm, { name: "Maple School", seats: "unlimited" });
    expect((await invite(await adminOf(suite, other, "head@maple.example"), "c1@maple.example", other)).status).toBe(200);
  }, 60_000);
});
