import request from "supertest";
import { staffSchoolSuggestionsSchema } from "../../../contracts/shapes/staff-schools";
import { addPerson } from "../accounts/support";
import { addSchool, crmOf, currentRoles, ids, join, userSeatsRemaining } from "../memberships/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { enrolledStaff, staffToken, type EnrolledStaff } from "../staff/support";

/*
 * The back office's Schools pages (issue 28, docs/back-office.md "Schools"),
 * through the real app on both databases: find a school by name, URN,
 * postcode or email domain; confirm its suggested domain, add and remove
 * domains; create and extend a membership and change its seats; make and
 * remove an admin, end a person's place. Every change is refused to support
 * on the server and audited with the staff account and before and after.
 */

describe.each(databaseEngines)("the Schools pages on %s", (engine) => {
  let t: TestApp;
  let support: EnrolledStaff;
  let membership: EnrolledStaff;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    support = await enrolledStaff(t, "support");
    membership = await enrolledStaff(t, "membership");
  });
  afterAll(() => t.close());

  const page = async (path: string, staff: EnrolledStaff = support) => staff.agent.get(path).set("Accept", "text/html");

  async function post(path: string, fields: Record<string, string> = {}, staff: EnrolledStaff = membership) {
    const token = await staffToken(staff.agent, "/staff/schools/");
    return staff.agent.post(path).type("form").set("Accept", "text/html").send({ _csrf: token, ...fields });
  }

  const lastAudit = (event: string) =>
    t.database.db.selectFrom("audit_events").selectAll().where("event", "=", event).orderBy("id", "desc").executeTakeFirstOrThrow();

  const staffIdOf = async (staff: EnrolledStaff) =>
    (await t.database.db.selectFrom("staff_accounts").select("id").where("email", "=", staff.email).executeTakeFirstOrThrow()).id;

  async function suggest(schoolId: number, domain: string) {
    await t.database.db
      .updateTable("schools")
      .set({ website: `https://www.${domain}/`, suggested_email_domain: domain, suggested_email_domain_source: `SchoolWebsite www.${domain} in the test register` })
      .where("constituent_id", "=", schoolId)
      .execute();
  }

  it("finds a school by words of its name, its URN, its postcode without the space, a suggested or an allowed domain; says what to try when nothing matches", async () => {
    const crm = crmOf(t);
    const { schoolId } = await addSchool(t.database.db, crm, { name: "Quillfeather Academy", kind: "state" });
    await t.database.db.updateTable("schools").set({ postcode: "QF7 2ZZ" }).where("constituent_id", "=", schoolId).execute();
    await suggest(schoolId, "quillfeather.sch.uk");
    const { schoolId: allowed } = await addSchool(t.database.db, crm, { name: "Inkwell Primary", kind: "state", domains: ["@inkwell-primary.org.uk"] });
    const urn = String(100000 + schoolId);

    for (const query of ["quillfeather acad", urn, "qf72z", "QUILLFEATHER.sch.uk"]) {
      const found = await page(`/staff/schools/?q=${encodeURIComponent(query)}`);
      expect(found.status, query).toBe(200);
      expect(found.text, query).toContain(`href="/staff/schools/${schoolId}/"`);
      expect(found.text, query).not.toContain(`href="/staff/schools/${allowed}/"`);
    }
    const byAllowed = await page("/staff/schools/?q=inkwell-primary.org.uk");
    expect(byAllowed.text).toContain("1 school matching");
    expect(byAllowed.text).toContain(`href="/staff/schools/${allowed}/"`);

    const nothing = await page("/staff/schools/?q=zzzz+nowhere");
    expect(nothing.text).toContain("No schools matching “zzzz nowhere”");
    expect(nothing.text).toContain("try the URN, the postcode");
  });

  it("shows only a kind of school, or those entered by hand, keeping the words typed; the chosen filter is marked", async () => {
    const crm = crmOf(t);
    const { schoolId: state } = await addSchool(t.database.db, crm, { name: "Gallimaufry State Primary", kind: "state" });
    const { schoolId: independent } = await addSchool(t.database.db, crm, { name: "Gallimaufry Prep", kind: "independent" });
    const { schoolId: typed } = await addSchool(t.database.db, crm, { name: "Gallimaufry (typed in)", kind: "independent" });
    await t.database.db.updateTable("schools").set({ urn: null }).where("constituent_id", "=", typed).execute();

    const all = await page("/staff/schools/?q=gallimaufry");
    expect(all.text).toContain("3 schools matching “gallimaufry”");
    expect(all.text).toContain('href="/staff/schools/?q=gallimaufry&amp;show=hand-entered"');
    expect(all.text).toMatch(/href="\/staff\/schools\/\?q=gallimaufry" aria-current="page">All schools</);

    const independents = await page("/staff/schools/?q=gallimaufry&show=independent");
    expect(independents.text).toContain("2 schools (independent schools) matching “gallimaufry”");
    expect(independents.text).not.toContain(`href="/staff/schools/${state}/"`);
    const handEntered = await page("/staff/schools/?q=gallimaufry&show=hand-entered");
    expect(handEntered.text).toContain("1 school (entered by hand) matching “gallimaufry”");
    expect(handEntered.text).toContain(`href="/staff/schools/${typed}/"`);
    expect(handEntered.text).not.toContain(`href="/staff/schools/${independent}/"`);
    expect(handEntered.text).toMatch(/aria-current="page">Entered by hand</);
    // An unknown filter shows every school, as "All schools" says.
    expect((await page("/staff/schools/?q=gallimaufry&show=everything")).text).toContain("3 schools matching");
  });

  it("shows a school's record: address, website, suggested domain, no allowed domain yet, no membership, and no change forms for support", async () => {
    const { schoolId } = await addSchool(t.database.db, crmOf(t), { name: "Nib Lane School", kind: "state" });
    await suggest(schoolId, "niblane.sch.uk");
    const shown = await page(`/staff/schools/${schoolId}/`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("1 School Lane, Leeds, LS1 1AA");
    expect(shown.text).toContain("https://www.niblane.sch.uk/");
    expect(shown.text).toContain("SchoolWebsite www.niblane.sch.uk in the test register");
    expect(shown.text).toContain("None yet.");
    expect(shown.text).toContain("No current membership.");
    expect(shown.text).not.toContain("/domains/suggested/");
    expect(shown.text).not.toContain(`action="/staff/schools/${schoolId}/membership/"`);
    expect((await page(`/staff/schools/${schoolId}/`, membership)).text).toContain(`action="/staff/schools/${schoolId}/domains/suggested/"`);
    expect((await page("/staff/schools/999999/")).status).toBe(404);
  });

  it("confirms the suggested domain (membership role, refused to support on the server), adds and removes one, each audited before and after", async () => {
    const crm = crmOf(t);
    const { schoolId } = await addSchool(t.database.db, crm, { name: "Blotting Paper High", kind: "state" });
    await suggest(schoolId, "blotting.sch.uk");
    const domains = async () => (await crm.attributes(schoolId, [ids.emailDomainKeywordId])).map((attribute) => attribute.Value);

    expect((await post(`/staff/schools/${schoolId}/domains/suggested/`, {}, support)).status).toBe(403);
    expect(await domains()).toEqual([]);

    const confirmed = await post(`/staff/schools/${schoolId}/domains/suggested/`);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe(`/staff/schools/${schoolId}/`);
    expect(await domains()).toEqual(["blotting.sch.uk"]);
    const audit = await lastAudit("school.domains-changed");
    expect(audit).toMatchObject({ actor_id: null, record_type: "school", record_id: String(schoolId), staff_actor_id: await staffIdOf(membership) });
    expect(JSON.parse(audit.record_before!)).toEqual({ domains: [] });
    expect(JSON.parse(audit.record_after!)).toEqual({ domains: ["blotting.sch.uk"] });
    const after = await page(`/staff/schools/${schoolId}/`, membership);
    expect(after.text).toContain("People with an address at blotting.sch.uk can now join this school.");
    expect(after.text).not.toContain("/domains/suggested/");
    expect(after.text).toMatch(/<code>school\.domains-changed<\/code><\/th>\s*<td><time[^>]*>[^<]+<\/time><\/td>\s*<td>Staff account \d+<\/td>/);

    const added = await post(`/staff/schools/${schoolId}/domains/`, { domain: "Head@Blotting-Staff.org.UK" });
    expect(added.status).toBe(303);
    expect(await domains()).toEqual(["blotting.sch.uk", "blotting-staff.org.uk"]);

    const bad = await post(`/staff/schools/${schoolId}/domains/`, { domain: "not a domain" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Enter a domain like oakfield.sch.uk");
    expect(bad.text).toContain('value="not a domain"');

    expect((await post(`/staff/schools/${schoolId}/domains/remove/`, { domain: "blotting.sch.uk" })).status).toBe(303);
    expect(await domains()).toEqual(["blotting-staff.org.uk"]);
  });

  it("creates a complimentary membership with seats, extends it by a year from its end, refuses seats below those in use, changes them; all audited", async () => {
    const crm = crmOf(t);
    const { schoolId } = await addSchool(t.database.db, crm, { name: "Quire Independent", kind: "independent" });

    const missing = await post(`/staff/schools/${schoolId}/membership/`, { kind: "complimentary", period: "year", users: "", reference: "" });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Enter the number of user seats as a whole number");
    expect(missing.text).toContain('id="membership-users"');
    expect((await post(`/staff/schools/${schoolId}/membership/`, { kind: "complimentary", period: "year", users: "3", reference: "" }, support)).status).toBe(403);

    const created = await post(`/staff/schools/${schoolId}/membership/`, { kind: "paid-offline", period: "year", users: "3", reference: "PO-1234" });
    expect(created.status).toBe(303);
    const [first] = await crm.memberships(schoolId);
    const days = (Date.parse(first!.ExpirationDateTime) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
    const createdAudit = await lastAudit("school.membership-extended");
    expect(JSON.parse(createdAudit.details!)).toMatchObject({ schoolId, kind: "paid-offline", period: "year", users: 3, reference: "PO-1234" });
    expect(createdAudit.record_before).toBeNull();

    const teacher = await addPerson(t.database.db, { email: "reed@quire.example", firstName: "Reed" });
    const other = await addPerson(t.database.db, { email: "pen@quire.example", firstName: "Pen" });
    await join(crm, schoolId, teacher, "user");
    await join(crm, schoolId, other, "user");
    expect((await page(`/staff/schools/${schoolId}/`)).text).toContain("2 of 3 used, 1 free");

    expect((await post(`/staff/schools/${schoolId}/membership/`, { kind: "complimentary", period: "year", users: "3", reference: "" })).status).toBe(303);
    const [extended] = await crm.memberships(schoolId);
    expect(extended!.Id).toBe(first!.Id);
    expect(Date.parse(extended!.ExpirationDateTime) - Date.parse(first!.ExpirationDateTime)).toBeGreaterThan(364 * 86_400_000);

    const tooFew = await post(`/staff/schools/${schoolId}/seats/`, { users: "1" });
    expect(tooFew.status).toBe(400);
    expect(tooFew.text).toContain("2 people hold a seat now.");
    expect(tooFew.text).toContain('value="1"');
    expect((await post(`/staff/schools/${schoolId}/seats/`, { users: "8" })).status).toBe(303);
    expect(await userSeatsRemaining(crm, first!.Id)).toBe(6);
    const seatsAudit = await lastAudit("school.seats-changed");
    expect(JSON.parse(seatsAudit.record_before!)).toEqual({ userSeats: 3 });
    expect(JSON.parse(seatsAudit.record_after!)).toEqual({ userSeats: 8 });
    const [changed] = await crm.memberships(schoolId);
    expect(changed!.ExpirationDateTime).toBe(extended!.ExpirationDateTime);
  });

  it("makes a user an admin, removes them as admin, and ends a person's place, freeing their seat; audited with the staff account", async () => {
    const crm = crmOf(t);
    const { schoolId, membershipId } = await addSchool(t.database.db, crm, { name: "Vellum Grammar", kind: "independent", seats: 5 });
    const teacher = await addPerson(t.database.db, { email: "ada@vellum.example", firstName: "Ada" });
    await join(crm, schoolId, teacher, "user");
    const freeBefore = await userSeatsRemaining(crm, membershipId);

    expect((await post(`/staff/schools/${schoolId}/admins/`, { personId: String(teacher) }, support)).status).toBe(403);
    expect((await post(`/staff/schools/${schoolId}/admins/`, { personId: String(teacher) })).status).toBe(303);
    expect(await currentRoles(crm, schoolId, teacher)).toEqual([ids.affiliationTypes.user, ids.affiliationTypes.admin].sort());
    const granted = await lastAudit("school-admin.granted");
    expect(granted).toMatchObject({ actor_id: null, subject_id: teacher, staff_actor_id: await staffIdOf(membership) });
    expect(JSON.parse(granted.details!)).toMatchObject({ schoolId, via: "staff" });

    const admin = (await crm.affiliations({ groupConstituentId: schoolId, individualConstituentId: teacher, currentAt: new Date() })).find(
      (held) => held.AffiliationType.Id === ids.affiliationTypes.admin,
    )!;
    expect((await post(`/staff/schools/${schoolId}/affiliations/${admin.Id}/end/`)).status).toBe(303);
    expect(await currentRoles(crm, schoolId, teacher)).toEqual([ids.affiliationTypes.user]);
    const trail = (await page(`/staff/schools/${schoolId}/`)).text;
    expect(trail).toContain("Ada");
    // The school's audit trail names both changes: its role events carry the school's id in their details.
    expect(trail).toContain("<code>school-admin.granted</code>");
    expect(trail).toContain("<code>school-affiliation.removed</code>");

    const place = (await crm.affiliations({ groupConstituentId: schoolId, individualConstituentId: teacher, currentAt: new Date() }))[0]!;
    expect((await post(`/staff/schools/${schoolId}/affiliations/${place.Id}/end/`, { wholePerson: "yes" })).status).toBe(303);
    expect(await currentRoles(crm, schoolId, teacher)).toEqual([]);
    expect(await userSeatsRemaining(crm, membershipId)).toBe(freeBefore + 1);
    const removed = await lastAudit("school-affiliation.removed");
    expect(removed).toMatchObject({ subject_id: teacher, staff_actor_id: await staffIdOf(membership) });
    expect(JSON.parse(removed.details!)).toMatchObject({ schoolId, wholePerson: true });

    // Ending it again, or through another school's address, is a missing place, not a second ending.
    expect((await post(`/staff/schools/${schoolId}/affiliations/${place.Id}/end/`, { wholePerson: "yes" })).status).toBe(404);
  });

  it("ends a person's place from their own page, and comes back to it", async () => {
    const crm = crmOf(t);
    const { schoolId } = await addSchool(t.database.db, crm, { name: "Parchment Juniors", kind: "independent", seats: 5 });
    const teacher = await addPerson(t.database.db, { email: "lin@parchment.example", firstName: "Lin" });
    const affiliationId = await join(crm, schoolId, teacher, "user");
    const record = await page(`/staff/people/${teacher}/`, membership);
    expect(record.text).toContain(`action="/staff/schools/${schoolId}/affiliations/${affiliationId}/end/"`);

    const ended = await post(`/staff/schools/${schoolId}/affiliations/${affiliationId}/end/`, { wholePerson: "yes", from: "person" });
    expect(ended.status).toBe(303);
    expect(ended.headers.location).toBe(`/staff/people/${teacher}/`);
    expect(await currentRoles(crm, schoolId, teacher)).toEqual([]);
    expect((await page(`/staff/people/${teacher}/`, membership)).text).toContain("Lin Baptiste is no longer at this school; their seat is free.");
  });

  it("needs the CSRF token for every change", async () => {
    const { schoolId } = await addSchool(t.database.db, crmOf(t), { name: "Stylus Infants", kind: "state" });
    const refused = await membership.agent.post(`/staff/schools/${schoolId}/domains/`).type("form").send({ domain: "stylus.sch.uk" });
    expect(refused.status).toBe(403);
    expect(await crmOf(t).attributes(schoolId, [ids.emailDomainKeywordId])).toEqual([]);
  });

  it("suggests at most 8 schools as JSON for the finder's typeahead, by name or URN, none under 2 characters; 404 to anyone not signed in as staff", async () => {
    const crm = crmOf(t);
    const made: number[] = [];
    for (let n = 1; n <= 9; n += 1) made.push((await addSchool(t.database.db, crm, { name: `Parchment Vale School ${n}`, kind: "state" })).schoolId);

    const many = await support.agent.get("/staff/schools/suggestions/?q=parchment+vale").set("Accept", "application/json");
    expect(many.status).toBe(200);
    expect(many.headers["content-type"]).toMatch(/application\/json/);
    const schools = staffSchoolSuggestionsSchema.parse(many.body);
    expect(schools).toHaveLength(8);
    expect(schools.every((school) => school.name.startsWith("Parchment Vale School") && made.includes(school.id))).toBe(true);

    const urn = String(100000 + made[4]!);
    const byUrn = await support.agent.get(`/staff/schools/suggestions/?q=${urn}`).set("Accept", "application/json");
    expect(byUrn.body).toEqual([{ id: made[4], name: "Parchment Vale School 5", urn, town: "Leeds", postcode: "LS1 1AA" }]);

    expect((await support.agent.get("/staff/schools/suggestions/?q=p").set("Accept", "application/json")).body).toEqual([]);
    expect((await support.agent.get("/staff/schools/suggestions/").set("Accept", "application/json")).body).toEqual([]);
    // The same path under another role, and the school pages beside it, answer as before.
    expect((await membership.agent.get("/staff/schools/suggestions/?q=parchment").set("Accept", "application/json")).status).toBe(200);
    expect((await page(`/staff/schools/${made[0]}/`)).status).toBe(200);

    const outsider = await request(t.app).get("/staff/schools/suggestions/?q=parchment").set("Accept", "application/json");
    expect(outsider.status).toBe(404);
    expect(outsider.text).not.toContain("Parchment");
  });
});
