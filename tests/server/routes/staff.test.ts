import request from "supertest";
import { createAuditLog, type AuditRecord } from "../../../server/audit/audit-log";
import { addPerson, browserOnLoginPage, outboxFor, signInAs } from "../accounts/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import {
  enrolledStaff,
  enrolmentLinkFor,
  enrolThroughLink,
  formTokenOf,
  nextCode,
  onStaffSignIn,
  staffPassword,
  staffSignIn,
  staffToken,
} from "../staff/support";

/*
 * The back office's routes (issue 28, docs/back-office.md), through the real
 * app: /staff/ is a 404 to everyone but signed-in staff; sign-in needs the
 * password and a second factor; every write needs the staff session's CSRF
 * token and is checked against the role; changes are audited with the
 * record before and after.
 */

describe.each(databaseEngines)("the back office on %s", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(() => t.close());

  /** The events recorded while `cause` ran, oldest first. */
  async function recordedDuring(cause: () => Promise<unknown>): Promise<AuditRecord[]> {
    const before = await t.database.db.selectFrom("audit_events").select((eb) => eb.fn.max("id").as("last")).executeTakeFirst();
    await cause();
    const last = Number(before?.last ?? 0);
    return (await createAuditLog(t.database.db).listSince(new Date(0))).filter((record) => record.id > last);
  }

  const staffAccount = (email: string) => t.database.db.selectFrom("staff_accounts").selectAll().where("email", "=", email).executeTakeFirst();

  describe("to anyone not signed in as staff", () => {
    const addresses = ["/staff/", "/staff/team/", "/staff/team/1/", "/staff/team/1/remove/", "/staff/requests/", "/staff/requests/1/", "/staff/people/", "/staff/people/1/", "/staff/orders/", "/staff/orders/export.csv", "/staff/anything/else/", "/staff"];

    it("every /staff/ address is a 404, for a visitor and for a signed-in member, as an address that does not exist", async () => {
      const visitor = request.agent(t.app);
      const missing = await visitor.get("/no-such-page/").set("Accept", "text/html");
      expect(missing.status).toBe(404);
      await addPerson(t.database.db, { email: "member@example.org" });
      const { agent: member, token } = await browserOnLoginPage(t.app);
      await signInAs(member, token, "member@example.org");
      for (const agent of [visitor, member]) {
        for (const path of addresses) {
          const answer = await agent.get(path).set("Accept", "text/html");
          expect(answer.status, path).toBe(404);
          expect(answer.text, path).toContain("Page not found");
          // It sets no cookie: nothing about the back office is started for them.
          expect(answer.headers["set-cookie"], path).toBeUndefined();
        }
      }
    });

    it("a write under /staff/ is a 404 too, with or without the member's CSRF token", async () => {
      await addPerson(t.database.db, { email: "writer@example.org" });
      const { agent, token } = await browserOnLoginPage(t.app);
      await signInAs(agent, token, "writer@example.org");
      for (const path of ["/staff/team/", "/staff/team/1/role/", "/staff/team/1/remove/", "/staff/sign-out/"]) {
        expect((await agent.post(path).type("form").send({ _csrf: token, email: "x@example.org", role: "owner" })).status, path).toBe(404);
        expect((await agent.post(path).type("form").send({ email: "x@example.org", role: "owner" })).status, path).toBe(404);
      }
      expect(await staffAccount("x@example.org")).toBeUndefined();
    });

    it("the sign-in page is there, unindexed and never kept", async () => {
      const page = await request(t.app).get("/staff-sign-in/").set("Accept", "text/html");
      expect(page.status).toBe(200);
      expect(page.text).toContain('<meta name="robots" content="noindex">');
      expect(page.headers["cache-control"]).toMatch(/no-store/);
      expect(page.headers["x-robots-tag"]).toBe("noindex");
      expect((await request(t.app).get("/staff-sign-in")).headers.location).toBe("/staff-sign-in/");
    });
  });

  describe("enrolment and sign-in", () => {
    it("enrols from the link: a password, the app's code, ten recovery codes kept only as hashes; the link then works no more", async () => {
      const email = "first-owner@greyfriars.example";
      const link = await enrolmentLinkFor(t, email, "owner");
      const events = await recordedDuring(() => enrolThroughLink(t, link, email));
      const enrolled = await staffAccount(email);
      expect(enrolled).toMatchObject({ role: "owner", enrolled_at: expect.any(String), totp_secret: expect.stringMatching(/^[A-Z2-7]{32}$/) });
      expect(enrolled!.password_hash).toMatch(/^scrypt\$/);
      const codes = await t.database.db.selectFrom("staff_recovery_codes").select(["code_hash", "used_at"]).where("staff_id", "=", enrolled!.id).execute();
      expect(codes).toHaveLength(10);
      expect(codes.every((code) => /^[0-9a-f]{64}$/.test(code.code_hash) && code.used_at === null)).toBe(true);
      expect(events).toEqual([
        expect.objectContaining({ event: "staff.enrolled", staffActorId: enrolled!.id, actorId: null, record: { type: "staff", id: String(enrolled!.id), before: null, after: expect.objectContaining({ email, role: "owner" }) } }),
      ]);

      const again = request.agent(t.app);
      await again.get(link);
      const unusable = await again.get("/staff-enrol/").set("Accept", "text/html");
      expect(unusable.status).toBe(404);
      expect(unusable.text).toContain("This enrolment link has expired or has already been used.");
    });

    it("refuses an enrolment with a wrong code or a weak password, and keeps the link usable", async () => {
      const email = "careful@greyfriars.example";
      const link = await enrolmentLinkFor(t, email, "support");
      const agent = request.agent(t.app);
      await agent.get(link);
      const page = await agent.get("/staff-enrol/").set("Accept", "text/html");
      const refused = await agent.post("/staff-enrol/").type("form").send({ _csrf: formTokenOf(page.text), password: "password", confirmPassword: "password", code: "123456" });
      expect(refused.status).toBe(400);
      expect(refused.text).toContain("Password must be at least 8 characters long");
      expect(refused.text).toContain("Enter the 6-digit code your authenticator app shows now");
      expect((await staffAccount(email))!.enrolled_at).toBeNull();
      expect((await agent.get("/staff-enrol/").set("Accept", "text/html")).status).toBe(200);
    });

    // Twenty-one enrolments at the real scrypt cost.
    it("limits guesses on one enrolment link: the 11th post is refused with 429, even right; other staff enrol from the same address", { timeout: 120_000 }, async () => {
      const email = "guessed@greyfriars.example";
      const agent = request.agent(t.app);
      await agent.get(await enrolmentLinkFor(t, email, "support"));
      const page = await agent.get("/staff-enrol/").set("Accept", "text/html");
      const secret = new URL(/href="(otpauth:\/\/[^"]+)"/.exec(page.text)![1]!.replaceAll("&amp;", "&")).searchParams.get("secret")!;
      const post = (code: string) =>
        agent.post("/staff-enrol/").type("form").send({ _csrf: formTokenOf(page.text), password: staffPassword, confirmPassword: staffPassword, code });
      for (let attempt = 1; attempt <= 10; attempt += 1) expect((await post("000000")).status, `attempt ${attempt}`).toBe(400);
      const limited = await post(nextCode({ secret, lastStep: 0 }));
      expect(limited.status).toBe(429);
      expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
      expect(limited.text).toContain("Too many attempts.");
      expect((await staffAccount(email))!.enrolled_at).toBeNull();
      // An office's staff share its address: more than the old 20 a window still enrol.
      for (let index = 0; index < 21; index += 1) await enrolledStaff(t, "support", `office${index}`);
    });

    it("signs in with the password and the app's next code, on a new session id; a code signs in once", async () => {
      const owner = await enrolledStaff(t, "owner");
      const { agent, token } = await onStaffSignIn(t);
      const code = nextCode(owner.app);
      const signedIn = await staffSignIn(agent, token, { email: owner.email, code });
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.location).toBe("/staff/");
      expect((await agent.get("/staff/").set("Accept", "text/html")).status).toBe(200);

      const replay = await onStaffSignIn(t);
      const replayed = await staffSignIn(replay.agent, replay.token, { email: owner.email, code });
      expect(replayed.status).toBe(403);
      expect(replayed.text).toContain("The email address, password or code is not right.");
    });

    it("rotates the session on sign-in, in a cookie and a store of its own, which idles out after 30 minutes", async () => {
      const owner = await enrolledStaff(t, "owner");
      const agent = request.agent(t.app);
      const page = await agent.get("/staff-sign-in/").set("Accept", "text/html");
      const token = formTokenOf(page.text);
      const before = sessionIdIn(page.headers["set-cookie"]);
      expect(before).toBeDefined();
      const signedIn = await staffSignIn(agent, token, { email: owner.email, code: nextCode(owner.app) });
      const cookie = ((signedIn.headers["set-cookie"] as unknown as string[]) ?? []).find((line) => line.startsWith("staff_sid="))!;
      const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!);
      expect(expires - Date.now()).toBeGreaterThan(29 * 60 * 1000);
      expect(expires - Date.now()).toBeLessThanOrEqual(30 * 60 * 1000);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      const after = sessionIdIn([cookie]);
      expect(after).toBeDefined();
      expect(after).not.toBe(before);
      const stored = await t.database.db.selectFrom("staff_sessions").select(["sid", "expires_at"]).where("sid", "=", after!).executeTakeFirst();
      expect(stored).toBeDefined();
      expect(stored!.expires_at - Date.now()).toBeGreaterThan(29 * 60 * 1000);
      expect(stored!.expires_at - Date.now()).toBeLessThanOrEqual(30 * 60 * 1000);
      // Not in members' sessions: neither store can read the other's.
      expect(await t.database.db.selectFrom("sessions").select("sid").where("sid", "=", after!).executeTakeFirst()).toBeUndefined();
    });

    it("a staff session's cookie means nothing to the member side, and a member's nothing to the back office", async () => {
      const owner = await enrolledStaff(t, "owner");
      const staffCookie = (await owner.agent.jar.getCookie("staff_sid", { domain: "127.0.0.1", path: "/", secure: false, script: false }))?.value;
      expect(staffCookie).toBeDefined();
      // The same value under the member's cookie name is no session there.
      const asMember = await request(t.app).get("/account/my-account/").set("Cookie", `sid=${staffCookie}`).set("Accept", "text/html");
      expect(asMember.status).toBe(302);
      await addPerson(t.database.db, { email: "crossover@example.org" });
      const { agent, token } = await browserOnLoginPage(t.app);
      await signInAs(agent, token, "crossover@example.org");
      const memberCookie = (await agent.jar.getCookie("sid", { domain: "127.0.0.1", path: "/", secure: false, script: false }))?.value;
      expect((await request(t.app).get("/staff/").set("Cookie", `staff_sid=${memberCookie}`)).status).toBe(404);
    });

    it("takes a recovery code once, in any case, and says how many are left", async () => {
      const owner = await enrolledStaff(t, "owner");
      const code = owner.recoveryCodes[3]!;
      const first = await onStaffSignIn(t);
      const events = await recordedDuring(async () => {
        const signedIn = await staffSignIn(first.agent, first.token, { email: owner.email, code: code.toUpperCase().replace("-", " ") });
        expect(signedIn.status).toBe(303);
      });
      expect(events).toEqual([expect.objectContaining({ event: "staff.signed-in", details: { via: "recovery-code", recoveryCodesLeft: 9 } })]);
      expect((await first.agent.get("/staff/").set("Accept", "text/html")).text).toContain("You signed in with a recovery code: 9 recovery codes left.");
      const second = await onStaffSignIn(t);
      expect((await staffSignIn(second.agent, second.token, { email: owner.email, code })).status).toBe(403);
    });

    it("refuses a wrong password with a right code, and an address not on the staff, alike, and records both", async () => {
      const owner = await enrolledStaff(t, "owner");
      const { agent, token } = await onStaffSignIn(t);
      const events = await recordedDuring(async () => {
        const wrong = await staffSignIn(agent, token, { email: owner.email, password: "Not-the-password-1!", code: nextCode(owner.app) });
        expect(wrong.status).toBe(403);
        const stranger = await staffSignIn(agent, token, { email: "nobody@greyfriars.example", code: "123456" });
        expect(stranger.status).toBe(403);
        expect(stranger.text).toContain("The email address, password or code is not right.");
      });
      expect(events.map((event) => [event.event, event.details])).toEqual([
        ["staff.sign-in-failed", { email: owner.email, reason: "wrong-credentials" }],
        ["staff.sign-in-failed", { email: "nobody@greyfriars.example", reason: "wrong-credentials" }],
      ]);
      expect((await agent.get("/staff/")).status).toBe(404);
    });

    // Eleven password checks at the real scrypt cost: more than the usual 20 s on a loaded machine.
    it("limits failed sign-ins: the 11th attempt at one address from one client is refused with 429, even with the right code", { timeout: 90_000 }, async () => {
      const owner = await enrolledStaff(t, "owner");
      const { agent, token } = await onStaffSignIn(t);
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        expect((await staffSignIn(agent, token, { email: owner.email, code: "000000" })).status, `attempt ${attempt}`).toBe(403);
      }
      const limited = await staffSignIn(agent, token, { email: owner.email, code: nextCode(owner.app) });
      expect(limited.status).toBe(429);
      expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
      expect(limited.text).toContain("Too many attempts.");
    });

    it("signs out with a POST: the session ends and /staff/ is a 404 again", async () => {
      const owner = await enrolledStaff(t, "owner");
      const token = await staffToken(owner.agent);
      const out = await owner.agent.post("/staff/sign-out/").type("form").send({ _csrf: token });
      expect(out.status).toBe(303);
      expect(out.headers.location).toBe("/staff-sign-in/");
      expect((await owner.agent.get("/staff/")).status).toBe(404);
    });
  });

  describe("writes", () => {
    let owner: Awaited<ReturnType<typeof enrolledStaff>>;
    beforeAll(async () => {
      owner = await enrolledStaff(t, "owner", "boss");
    });

    it("refuses a write without the staff session's CSRF token, or with a member's", async () => {
      const missing = await owner.agent.post("/staff/team/").type("form").send({ email: "nocsrf@greyfriars.example", role: "support" });
      expect(missing.status).toBe(403);
      expect(missing.text).toContain("This form has expired");
      await addPerson(t.database.db, { email: "tokenholder@example.org" });
      const member = await browserOnLoginPage(t.app);
      const wrong = await owner.agent.post("/staff/team/").type("form").send({ _csrf: member.token, email: "nocsrf@greyfriars.example", role: "support" });
      expect(wrong.status).toBe(403);
      expect(await staffAccount("nocsrf@greyfriars.example")).toBeUndefined();
      // And no state changes on a GET: the pages' addresses take no writes that way.
      expect((await owner.agent.get("/staff/team/1/remove/?confirm=yes")).status).not.toBe(303);
    });

    it("lets an owner invite: the account, an emailed enrolment link, and the audit entry with the record after", async () => {
      const token = await staffToken(owner.agent, "/staff/team/");
      const events = await recordedDuring(async () => {
        const invited = await owner.agent.post("/staff/team/").type("form").send({ _csrf: token, email: " New.Colleague@Greyfriars.example ", role: "membership" });
        expect(invited.status).toBe(303);
        expect(invited.headers.location).toBe("/staff/team/");
      });
      const account = await staffAccount("new.colleague@greyfriars.example");
      expect(account).toMatchObject({ role: "membership", enrolled_at: null, password_hash: null });
      const [mail] = await outboxFor(t.database.db, "new.colleague@greyfriars.example");
      expect(mail!.subject).toBe("Set up your Greyfriars Playhouse back office account");
      expect(mail!.text_body).toMatch(/\/staff-enrol\/[A-Za-z0-9_-]{43}\//);
      expect(mail!.text_body).toContain("as Membership");
      const ownerId = (await staffAccount(owner.email))!.id;
      expect(events).toEqual([
        expect.objectContaining({
          event: "staff.invited",
          staffActorId: ownerId,
          ip: expect.any(String),
          record: { type: "staff", id: String(account!.id), before: null, after: { email: "new.colleague@greyfriars.example", role: "membership" } },
        }),
      ]);
      const again = await owner.agent.post("/staff/team/").type("form").send({ _csrf: token, email: "new.colleague@greyfriars.example", role: "support" });
      expect(again.status).toBe(409);
      expect(again.text).toContain("is already on the staff");
    });

    it("lets an owner change a role and remove someone, each audited with before and after", async () => {
      const colleague = await enrolledStaff(t, "support", "colleague");
      const id = (await staffAccount(colleague.email))!.id;
      const token = await staffToken(owner.agent, `/staff/team/${id}/`);
      const events = await recordedDuring(async () => {
        expect((await owner.agent.post(`/staff/team/${id}/role/`).type("form").send({ _csrf: token, role: "finance" })).status).toBe(303);
        // The change applies to their session at once.
        expect((await colleague.agent.get("/staff/").set("Accept", "text/html")).text).toContain("Finance");
        expect((await owner.agent.post(`/staff/team/${id}/remove/`).type("form").send({ _csrf: token })).status).toBe(303);
      });
      expect(events.map((event) => [event.event, event.record?.before, event.record?.after])).toEqual([
        ["staff.role-changed", { role: "support" }, { role: "finance" }],
        ["staff.removed", { email: colleague.email, role: "finance" }, null],
      ]);
      expect(await staffAccount(colleague.email)).toBeUndefined();
      // Their session ends with the account.
      expect((await colleague.agent.get("/staff/")).status).toBe(404);
    });

    it("always keeps an owner: the last one can neither step down nor be removed", async () => {
      const solo = await createTestApp({ engine });
      try {
        const only = await enrolledStaff(solo, "owner", "solo");
        const id = (await solo.database.db.selectFrom("staff_accounts").select("id").where("email", "=", only.email).executeTakeFirstOrThrow()).id;
        const token = await staffToken(only.agent, `/staff/team/${id}/`);
        const demoted = await only.agent.post(`/staff/team/${id}/role/`).type("form").send({ _csrf: token, role: "finance" });
        expect(demoted.status).toBe(303);
        expect((await only.agent.get(`/staff/team/${id}/`).set("Accept", "text/html")).text).toContain("The back office needs at least one owner.");
        expect((await only.agent.post(`/staff/team/${id}/remove/`).type("form").send({ _csrf: token })).status).toBe(303);
        const left = await solo.database.db.selectFrom("staff_accounts").select("role").execute();
        expect(left).toEqual([{ role: "owner" }]);
      } finally {
        await solo.close();
      }
    });

    it.each(["support", "membership", "finance"])("refuses a %s user every owner action, with 403 and nothing changed", async (role) => {
      const member = await enrolledStaff(t, role, `refused-${role}`);
      const target = (await staffAccount(owner.email))!.id;
      const token = await staffToken(member.agent);
      const team = await member.agent.get("/staff/team/").set("Accept", "text/html");
      expect(team.status).toBe(403);
      expect(team.text).toContain("Only an owner can manage staff accounts.");
      expect((await member.agent.get("/staff/").set("Accept", "text/html")).text).not.toContain('href="/staff/team/"');
      const before = await t.database.db.selectFrom("staff_accounts").selectAll().orderBy("id").execute();
      const writes = [
        member.agent.post("/staff/team/").type("form").send({ _csrf: token, email: `sneaky-${role}@greyfriars.example`, role: "owner" }),
        member.agent.post(`/staff/team/${target}/role/`).type("form").send({ _csrf: token, role: "support" }),
        member.agent.post(`/staff/team/${target}/remove/`).type("form").send({ _csrf: token }),
        member.agent.post(`/staff/team/${target}/enrolment-link/`).type("form").send({ _csrf: token }),
      ];
      for (const write of writes) expect((await write).status).toBe(403);
      expect(await t.database.db.selectFrom("staff_accounts").selectAll().orderBy("id").execute()).toEqual(before);
    });

    it("refuses raising one's own role, even through a forged form", async () => {
      const member = await enrolledStaff(t, "finance", "climber");
      const id = (await staffAccount(member.email))!.id;
      const token = await staffToken(member.agent);
      const raised = await member.agent.post(`/staff/team/${id}/role/`).type("form").send({ _csrf: token, role: "owner" });
      expect(raised.status).toBe(403);
      expect(raised.text).toContain("raise your own role. Ask another owner.");
      expect((await staffAccount(member.email))!.role).toBe("finance");
    });
  });

  describe("the dashboard", () => {
    it("shows members, schools with a membership, those expiring within 30 days, and this month's paid orders and revenue", async () => {
      const staff = await enrolledStaff(t, "support", "reader");
      const page = await staff.agent.get("/staff/").set("Accept", "text/html");
      expect(page.status).toBe(200);
      for (const label of ["Members", "Schools with a current membership", "Expiring in the next 30 days", "Paid orders", "Revenue"]) expect(page.text).toContain(label);
    });
  });
});

/** The session id inside a signed staff cookie (`staff_sid=s%3A<id>.<signature>`). */
function sessionIdIn(cookies: unknown): string | undefined {
  const line = (Array.isArray(cookies) ? (cookies as string[]) : []).find((cookie) => cookie.startsWith("staff_sid="));
  const value = line && decodeURIComponent(line.split(";")[0]!.slice("staff_sid=".length));
  return value?.startsWith("s:") ? value.slice(2, value.lastIndexOf(".")) : undefined;
}
