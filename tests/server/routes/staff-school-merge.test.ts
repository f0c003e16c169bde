import { addPerson } from "../accounts/support";
import { addSchool, crmOf, currentRoles, ids, join, userSeatsRemaining } from "../memberships/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { enrolledStaff, staffToken, type EnrolledStaff } from "../staff/support";

/*
 * Merging a school entered by hand into its register record (issue 28,
 * docs/back-office.md "Merging a hand-entered school"), through the real app
 * on both databases: its people with their seats, memberships, domains,
 * orders and requests move and nothing is lost; the hand-entered school
 * leaves the list; two current memberships are refused with nothing moved;
 * support is refused on the server.
 */

describe.each(databaseEngines)("merging a hand-entered school on %s", (engine) => {
  let t: TestApp;
  let support: EnrolledStaff;
  let membership: EnrolledStaff;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    support = await enrolledStaff(t, "support");
    membership = await enrolledStaff(t, "membership");
  });
  afterAll(() => t.close());

  const page = async (path: string, staff: EnrolledStaff = membership) => staff.agent.get(path).set("Accept", "text/html");

  async function post(path: string, fields: Record<string, string>, staff: EnrolledStaff = membership) {
    const token = await staffToken(staff.agent, "/staff/schools/");
    return staff.agent.post(path).type("form").set("Accept", "text/html").send({ _csrf: token, ...fields });
  }

  /** A school typed in the wizard: in the schools table with no URN, created by a teacher. */
  async function handEntered(name: string, seats?: number) {
    const crm = crmOf(t);
    const made = await addSchool(t.database.db, crm, seats === undefined ? { name, kind: "independent" } : { name, kind: "independent", seats });
    await t.database.db.updateTable("schools").set({ urn: null }).where("constituent_id", "=", made.schoolId).execute();
    return { schoolId: made.schoolId, membershipId: made.membershipId ?? 0 };
  }

  const now = () => new Date().toISOString();

  it("moves the people with their seats, the membership, domains, orders and requests to the register's school; the typed one leaves the list; audited", async () => {
    const crm = crmOf(t);
    const { schoolId: fromId, membershipId } = await handEntered("St Quentin's (typed)", 5);
    await crm.replaceAttributes(fromId, ids.emailDomainKeywordId, ["stquentin.org.uk"]);
    const { schoolId: intoId } = await addSchool(t.database.db, crm, { name: "St Quentin's School", kind: "independent", domains: ["@stquentin.org.uk", "stq.sch.uk"] });
    const intoUrn = String(100000 + intoId);
    const teacher = await addPerson(t.database.db, { email: "olu@stquentin.org.uk", firstName: "Olu" });
    await join(crm, fromId, teacher, "admin");
    await join(crm, fromId, teacher, "user");
    const seatsBefore = await userSeatsRemaining(crm, membershipId);
    await t.database.db
      .insertInto("payment_orders")
      .values({ session_id: `merge-${engine}`, constituent_id: teacher, organisation_id: fromId, plan_type: "annual", number_of_users: 5, level_id: 96, amount_pence: 25000, provider: "sandbox", provider_reference: null, membership_id: membershipId, created_at: now(), updated_at: now(), fulfilled_at: now() })
      .execute();
    await t.database.db
      .insertInto("requests")
      .values({ kind: "support", status: "open", person_id: teacher, name: "Olu Baptiste", email: "olu@stquentin.org.uk", school_id: fromId, subject: "Seats", message: "", details: "{}", outcome: null, created_at: now(), updated_at: now(), closed_at: null })
      .execute();

    const typedPage = await page(`/staff/schools/${fromId}/`);
    expect(typedPage.text).toContain(`href="/staff/schools/${fromId}/merge/"`);
    expect((await page(`/staff/schools/${fromId}/`, support)).text).not.toContain("/merge/");

    const preview = await page(`/staff/schools/${fromId}/merge/?urn=${intoUrn}`);
    expect(preview.status).toBe(200);
    expect(preview.text).toContain("Merge St Quentin&#39;s (typed) into St Quentin&#39;s School?");
    expect(preview.text).toContain("1 person at the school now");
    expect(preview.text).toContain("1 membership, current or past");
    expect(await currentRoles(crm, fromId, teacher)).toHaveLength(2);

    expect((await post(`/staff/schools/${fromId}/merge/`, { urn: intoUrn }, support)).status).toBe(403);
    expect(await currentRoles(crm, fromId, teacher)).toHaveLength(2);

    const merged = await post(`/staff/schools/${fromId}/merge/`, { urn: intoUrn });
    expect(merged.status).toBe(303);
    expect(merged.headers.location).toBe(`/staff/schools/${intoId}/`);

    expect(await currentRoles(crm, fromId, teacher)).toEqual([]);
    expect(await currentRoles(crm, intoId, teacher)).toEqual([ids.affiliationTypes.user, ids.affiliationTypes.admin].sort());
    expect((await crm.memberships(intoId)).map((held) => held.Id)).toEqual([membershipId]);
    expect(await userSeatsRemaining(crm, membershipId)).toBe(seatsBefore);
    expect((await crm.attributes(intoId, [ids.emailDomainKeywordId])).map((attribute) => attribute.Value).sort()).toEqual(["@stquentin.org.uk", "stq.sch.uk", "stquentin.org.uk"]);
    const order = await t.database.db.selectFrom("payment_orders").select("organisation_id").where("session_id", "=", `merge-${engine}`).executeTakeFirstOrThrow();
    expect(order.organisation_id).toBe(intoId);
    const request = await t.database.db.selectFrom("requests").select("school_id").where("person_id", "=", teacher).executeTakeFirstOrThrow();
    expect(request.school_id).toBe(intoId);

    const shown = await page(`/staff/schools/${intoId}/`);
    expect(shown.text).toContain("Merged: 1 person, 1 membership, 1 order and 1 request moved to St Quentin&#39;s School.");
    expect(shown.text).toContain("Olu Baptiste");
    expect(shown.text).toContain("<code>school.merged</code>");
    expect((await page(`/staff/schools/?q=quentin`)).text).toContain("1 school matching");
    expect((await page(`/staff/schools/${fromId}/`)).status).toBe(404);

    const audit = await t.database.db.selectFrom("audit_events").selectAll().where("event", "=", "school.merged").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ record_type: "school", record_id: String(intoId), actor_id: null });
    expect(JSON.parse(audit.details)).toMatchObject({ schoolId: intoId, mergedSchoolId: fromId, memberships: 1, orders: 1, requests: 1 });
    expect(JSON.parse(audit.record_before!)).toEqual({ mergedSchoolId: fromId, mergedSchoolName: "St Quentin's (typed)" });
  });

  it("refuses an unknown URN beside the field, a register school as the one to merge, and two current memberships, moving nothing", async () => {
    const crm = crmOf(t);
    const { schoolId: fromId } = await handEntered("Wrenfield (typed)", 3);
    const { schoolId: intoId } = await addSchool(t.database.db, crm, { name: "Wrenfield Academy", kind: "independent", seats: 5 });
    const teacher = await addPerson(t.database.db, { email: "kit@wrenfield.example", firstName: "Kit" });
    await join(crm, fromId, teacher, "user");

    const unknown = await page(`/staff/schools/${fromId}/merge/?urn=999999`);
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("No open school in the register has URN 999999.");
    expect(unknown.text).toContain('value="999999"');

    const fromRegister = await page(`/staff/schools/${intoId}/merge/?urn=${100000 + fromId}`);
    expect(fromRegister.status).toBe(409);
    expect(fromRegister.text).toContain("only a school entered by hand can be merged");

    const both = await post(`/staff/schools/${fromId}/merge/`, { urn: String(100000 + intoId) });
    expect(both.status).toBe(409);
    expect(both.text).toContain("Both schools have a current membership.");
    expect(await currentRoles(crm, fromId, teacher)).toEqual([ids.affiliationTypes.user]);
    expect(await crm.memberships(intoId)).toHaveLength(1);
  });
});
