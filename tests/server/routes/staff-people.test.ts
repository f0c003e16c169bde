import { createAuditLog } from "../../../server/audit/audit-log";
import { addPerson } from "../accounts/support";
import { addSchool, crmOf, ids, join } from "../memberships/support";
import { mailTo } from "../requests/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { enrolledStaff, staffToken, type EnrolledStaff } from "../staff/support";

/*
 * The back office's People pages (issue 28, docs/back-office.md "People"),
 * through the real app: support staff find a person by name or address, see
 * their record (address confirmed or not, memberships, schools, orders, the
 * audit trail), and send them a confirmation or password-reset link, which is
 * audited; staff never see a password.
 */

describe.each(databaseEngines)("the People pages on %s", (engine) => {
  let t: TestApp;
  let support: EnrolledStaff;
  let membership: EnrolledStaff;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    support = await enrolledStaff(t, "support");
    membership = await enrolledStaff(t, "membership");
  });
  afterAll(() => t.close());

  const page = async (path: string) => support.agent.get(path).set("Accept", "text/html");

  async function post(path: string, fields: Record<string, string> = {}, staff: EnrolledStaff = support) {
    const token = await staffToken(staff.agent, "/staff/people/");
    return staff.agent.post(path).type("form").set("Accept", "text/html").send({ _csrf: token, ...fields });
  }

  const lastAudit = (event: string) =>
    t.database.db.selectFrom("audit_events").selectAll().where("event", "=", event).orderBy("id", "desc").executeTakeFirstOrThrow();

  it("finds people by name or part of their address, any case, 25 a page, with an empty state that says what to try", async () => {
    for (let index = 0; index < 27; index += 1) await addPerson(t.database.db, { email: `teacher${index}@brackenwood.sch.uk`, firstName: `Robin${index}`, password: null });
    const ada = await addPerson(t.database.db, { email: "ada.l@analytical.example", firstName: "Ada" });

    const byDomain = await page("/staff/people/?q=BRACKENWOOD.sch.uk");
    expect(byDomain.status).toBe(200);
    expect(byDomain.text).toContain("27 people matching “BRACKENWOOD.sch.uk”");
    expect((byDomain.text.match(/<tr>/g) ?? []).length).toBe(1 + 25);
    expect(byDomain.text).toContain('href="/staff/people/?q=BRACKENWOOD.sch.uk&amp;page=2" rel="next"');
    expect((await page("/staff/people/?q=BRACKENWOOD.sch.uk&page=2")).text.match(/<tr>/g)).toHaveLength(1 + 2);

    const byName = await page("/staff/people/?q=ada+analytical");
    expect(byName.text).toContain("1 person matching");
    expect(byName.text).toContain(`href="/staff/people/${ada}/"`);

    const nobody = await page("/staff/people/?q=zebedee");
    expect(nobody.text).toContain("Nobody's name or address holds every word of “zebedee”");
  });

  it("shows members now (their own membership or a school's) or everyone else, keeping the words typed", async () => {
    const crm = crmOf(t);
    const own = await addPerson(t.database.db, { email: "own@quillon.example", firstName: "Own" });
    const viaSchool = await addPerson(t.database.db, { email: "school@quillon.example", firstName: "School" });
    const lapsed = await addPerson(t.database.db, { email: "lapsed@quillon.example", firstName: "Lapsed" });
    const day = 86_400_000;
    await crm.createMembership({ constituentId: own, levelId: ids.membershipLevels.individual, initiation: new Date(Date.now() - day), expiration: new Date(Date.now() + 30 * day), seats: [] });
    await crm.createMembership({ constituentId: lapsed, levelId: ids.membershipLevels.individual, initiation: new Date(Date.now() - 60 * day), expiration: new Date(Date.now() - day), seats: [] });
    const { schoolId } = await addSchool(t.database.db, crm, { name: "Quillon Academy", kind: "independent", seats: 5 });
    await join(crm, schoolId, viaSchool, "user");

    const members = await page("/staff/people/?q=quillon&show=members");
    expect(members.text).toContain("2 people (members now) matching “quillon”");
    expect(members.text).toContain(`href="/staff/people/${own}/"`);
    expect(members.text).toContain(`href="/staff/people/${viaSchool}/"`);
    expect(members.text).not.toContain(`href="/staff/people/${lapsed}/"`);
    expect(members.text).toMatch(/aria-current="page">Members now</);
    const others = await page("/staff/people/?q=quillon&show=not-members");
    expect(others.text).toContain("1 person (not members) matching “quillon”");
    expect(others.text).toContain(`href="/staff/people/${lapsed}/"`);
    expect((await page("/staff/people/?q=quillon")).text).toContain('href="/staff/people/?q=quillon&amp;show=members"');
  });

  it("shows a person's record: their address not yet confirmed, their school and role, their orders and audit trail", async () => {
    const person = await addPerson(t.database.db, { email: "grace@hopper.example", firstName: "Grace" });
    const crm = crmOf(t);
    const { schoolId } = await addSchool(t.database.db, crm, { name: "Cobol Primary", kind: "independent", seats: 5 });
    await join(crm, schoolId, person, "admin");
    await createAuditLog(t.database.db).record({ event: "password.changed", actorId: person, subjectId: person });

    const record = await page(`/staff/people/${person}/`);
    expect(record.status).toBe(200);
    expect(record.text).toContain("grace@hopper.example: not confirmed yet");
    expect(record.text).toContain(`<a href="/staff/schools/${schoolId}/">Cobol Primary</a>: Admin`);
    // Ending a place is for the membership role: support is not offered it.
    expect(record.text).not.toContain("End their place");
    expect(record.text).toContain("No orders.");
    expect(record.text).toMatch(/<code>password\.changed<\/code><\/th>\s*<td><time[^>]*>[^<]+<\/time><\/td>\s*<td>Them<\/td>/);
    expect(record.text).toContain(`action="/staff/people/${person}/verification-link/"`);
    expect(record.text).not.toMatch(/password_hash|scrypt/);
  });

  it("emails a new confirmation link to an unconfirmed address, audited with the staff account; refuses one already confirmed", async () => {
    const person = await addPerson(t.database.db, { email: "katherine@johnson.example", firstName: "Katherine" });
    const sent = await post(`/staff/people/${person}/verification-link/`);
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toBe(`/staff/people/${person}/`);
    expect((await page(`/staff/people/${person}/`)).text).toContain("A new confirmation link is on its way to katherine@johnson.example.");
    expect((await mailTo(t.database.db, "katherine@johnson.example")).map((mail) => mail.template)).toEqual(["verify-email"]);
    const audit = await lastAudit("person.verification-link-sent");
    expect(audit).toMatchObject({ actor_id: null, subject_id: person, record_type: "person", record_id: String(person) });
    expect(audit.staff_actor_id).toEqual(expect.any(Number));

    await t.database.db.updateTable("account_credentials").set({ email_verified_at: new Date().toISOString() }).where("constituent_id", "=", person).execute();
    const again = await post(`/staff/people/${person}/verification-link/`);
    expect(again.status).toBe(303);
    const shown = (await page(`/staff/people/${person}/`)).text;
    expect(shown).toContain("katherine@johnson.example is already confirmed: there is nothing to resend.");
    expect(shown).not.toContain(`action="/staff/people/${person}/verification-link/"`);
    expect(await mailTo(t.database.db, "katherine@johnson.example")).toHaveLength(1);
  });

  it("emails a password-reset link the person uses themselves, audited", async () => {
    const person = await addPerson(t.database.db, { email: "dorothy@vaughan.example", firstName: "Dorothy" });
    expect((await post(`/staff/people/${person}/password-link/`)).status).toBe(303);
    const [mail] = await mailTo(t.database.db, "dorothy@vaughan.example");
    expect(mail?.text_body).toContain("/account/reset-password/");
    expect((await lastAudit("person.password-link-sent")).subject_id).toBe(person);
  });

  it("needs the CSRF token, and answers 404 for an unknown person", async () => {
    const person = await addPerson(t.database.db, { email: "mary@jackson.example", firstName: "Mary" });
    const refused = await support.agent.post(`/staff/people/${person}/password-link/`).type("form").send({});
    expect(refused.status).toBe(403);
    expect(await mailTo(t.database.db, "mary@jackson.example")).toEqual([]);
    expect((await page("/staff/people/999999/")).status).toBe(404);
    expect((await post("/staff/people/999999/password-link/")).status).toBe(404);
  });

  it("gives a complimentary year (membership role only, checked on the server), and a second one extends it as a payment would, audited", async () => {
    const person = await addPerson(t.database.db, { email: "hedy@lamarr.example", firstName: "Hedy" });
    expect((await post(`/staff/people/${person}/complimentary/`, { period: "year" })).status).toBe(403);
    expect(await crmOf(t).memberships(person)).toEqual([]);

    const granted = await post(`/staff/people/${person}/complimentary/`, { period: "year" }, membership);
    expect(granted.status).toBe(303);
    const [first] = await crmOf(t).memberships(person);
    const days = (Date.parse(first!.ExpirationDateTime) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
    expect((await membership.agent.get(`/staff/people/${person}/`).set("Accept", "text/html")).text).toContain("complimentary.");

    await post(`/staff/people/${person}/complimentary/`, { period: "month" }, membership);
    const [extended] = await crmOf(t).memberships(person);
    expect(extended!.Id).toBe(first!.Id);
    expect(Date.parse(extended!.ExpirationDateTime) - Date.parse(first!.ExpirationDateTime)).toBeGreaterThanOrEqual(28 * 86_400_000);
    const audit = await lastAudit("membership.complimentary-granted");
    expect(audit).toMatchObject({ subject_id: person, record_type: "membership", record_id: String(first!.Id) });
    expect(JSON.parse(audit.record_before!)).toEqual({ expires: first!.ExpirationDateTime });
    expect(JSON.parse(audit.details)).toEqual({ period: "month" });
    expect((await post(`/staff/people/${person}/complimentary/`, { period: "forever" }, membership)).status).toBe(400);
  });

  it("gives a complimentary month at the monthly plan's own level (Tessitura dates it a month by its level), named Individual on the record", async () => {
    const person = await addPerson(t.database.db, { email: "marjorie@lee-monthly.example", firstName: "Marjorie" });
    expect((await post(`/staff/people/${person}/complimentary/`, { period: "month" }, membership)).status).toBe(303);
    const [month] = await crmOf(t).memberships(person);
    expect(month!.MembershipLevel.Id).toBe(ids.membershipLevels.individualMonthly);
    const days = (Date.parse(month!.ExpirationDateTime) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    const record = (await membership.agent.get(`/staff/people/${person}/`).set("Accept", "text/html")).text;
    expect(record).toMatch(/<li>Individual: \d{1,2} [A-Z][a-z]+ \d{4} to/);
    expect(record).not.toContain(`Level ${ids.membershipLevels.individualMonthly}`);
  });

  describe("erasure (UK GDPR)", () => {
    it("is refused to support staff on the server (403), page and write alike, erasing nothing", async () => {
      const person = await addPerson(t.database.db, { email: "ida@lovelace.example", firstName: "Ida" });
      expect((await page(`/staff/people/${person}/erase/`)).status).toBe(403);
      expect((await post(`/staff/people/${person}/erase/`, { email: "ida@lovelace.example" })).status).toBe(403);
      expect(await crmOf(t).personDetails(person)).toBeDefined();
      expect((await page(`/staff/people/${person}/`)).text).not.toContain("Erase the account");
    });

    it("needs the address typed to confirm; then erases as Delete my account does, audited with the staff account", async () => {
      const person = await addPerson(t.database.db, { email: "annie@easley.example", firstName: "Annie" });
      const crm = crmOf(t);
      const { schoolId } = await addSchool(t.database.db, crm, { name: "Glenn Academy", kind: "independent", seats: 5 });
      await join(crm, schoolId, person, "admin");

      const confirm = await membership.agent.get(`/staff/people/${person}/erase/`).set("Accept", "text/html");
      expect(confirm.status).toBe(200);
      expect(confirm.text).toContain("Glenn Academy will have no admin.");

      const wrong = await post(`/staff/people/${person}/erase/`, { email: "annie@easley.exampl" }, membership);
      expect(wrong.status).toBe(400);
      expect(wrong.text).toContain("Type their email address exactly as it is shown");
      expect(wrong.text).toContain('value="annie@easley.exampl"');
      expect(await crm.personDetails(person)).toBeDefined();

      const erased = await post(`/staff/people/${person}/erase/`, { email: " Annie@Easley.example " }, membership);
      expect(erased.status).toBe(303);
      expect(erased.headers.location).toBe("/staff/people/");
      expect(await crm.personDetails(person)).toBeUndefined();
      expect(await crm.affiliations({ individualConstituentId: person, currentAt: new Date() })).toEqual([]);
      const audit = await lastAudit("account.deleted");
      expect(audit).toMatchObject({ actor_id: null, subject_id: person, record_type: "person", record_id: String(person) });
      expect(audit.staff_actor_id).toEqual(expect.any(Number));
      expect((await page("/staff/people/?q=easley")).text).toContain("Nobody");
      expect((await page(`/staff/people/${person}/`)).status).toBe(404);
    });
  });
});
