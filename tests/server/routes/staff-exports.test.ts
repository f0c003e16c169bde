import { CsvRecordReader } from "../../../server/schools/csv-records";
import { addPerson } from "../accounts/support";
import { addMember, addSchool, crmOf, join } from "../memberships/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { enrolledStaff, type EnrolledStaff } from "../staff/support";
import { membershipSuspensions } from "../../../server/memberships/membership-suspensions";

/*
 * The back office's members export (issue 28, docs/back-office.md
 * "Exports"), through the real app: membership staff download who is a
 * member now, a line per person and membership (their own, or a school's),
 * read from the CRM port in batches; support staff are refused; each
 * download is audited.
 */

describe.each(databaseEngines)("the members export on %s", (engine) => {
  let t: TestApp;
  let membership: EnrolledStaff;
  let support: EnrolledStaff;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    membership = await enrolledStaff(t, "membership");
    support = await enrolledStaff(t, "support");
  });
  afterAll(() => t.close());

  const download = async (staff: EnrolledStaff, path = "/staff/exports/members.csv") =>
    staff.agent.get(path).buffer(true).parse((res, done) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      res.on("end", () => done(null, text));
    });

  it("lists each current member once per membership, own or a school's, past one batch, and leaves out the lapsed and the erased", async () => {
    const crm = crmOf(t);
    const inAYear = new Date(Date.now() + 365 * 86_400_000);
    const own = await addPerson(t.database.db, { email: "own.member@example.org", firstName: "Olive", membershipExpiresAt: inAYear });
    await addPerson(t.database.db, { email: "lapsed.member@example.org", firstName: "Lapsed", membershipExpiresAt: new Date(Date.now() - 86_400_000) });
    const { schoolId } = await addSchool(t.database.db, crm, { name: "Export Academy", kind: "independent", seats: 10 });
    const teacher = await addMember(t.database.db, "teacher.export@example.org");
    await join(crm, schoolId, teacher, "user");
    await join(crm, schoolId, teacher, "admin");
    const gone = await addPerson(t.database.db, { email: "gone.member@example.org", firstName: "Gone", membershipExpiresAt: inAYear });
    await crm.erasePerson(gone, new Date());
    for (let index = 0; index < 520; index += 1) {
      await addPerson(t.database.db, { email: `bulk${index}@example.org`, firstName: `Bulk${index}`, password: null, membershipExpiresAt: inAYear });
    }

    const csv = await download(membership);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (csv.body as string).trimEnd().split("\r\n");
    expect(lines[0]).toBe("person_id,first_name,last_name,email,through,school_id,school_name,membership_id,level,expires_at,access");
    // Read back as a spreadsheet would: "School, 10 seats" is one quoted field.
    const rows = new CsvRecordReader().push(csv.body as string).slice(1).map((record) => record.fields);
    expect(rows).toHaveLength(1 + 1 + 520);
    expect(rows.find((row) => row[0] === String(own))).toEqual(expect.arrayContaining(["Olive", "own.member@example.org", "own", "Individual", "active"]));
    expect(rows.filter((row) => row[0] === String(teacher))).toEqual([expect.arrayContaining(["school", String(schoolId), "Export Academy", expect.stringMatching(/^School, \d+ seats$/)])]);
    expect(lines.join("\n")).not.toMatch(/lapsed\.member|gone\.member|Deleted/);
    // By person, in order, each once.
    const ids = rows.map((row) => Number(row[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);

    const audit = await t.database.db.selectFrom("audit_events").selectAll().where("event", "=", "export.downloaded").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details)).toEqual({ export: "members" });
  });

  it("lists each school with a current membership once, with its URN, postcode, seats and admins, and leaves out lapsed schools", async () => {
    const crm = crmOf(t);
    const { schoolId: paid } = await addSchool(t.database.db, crm, { name: "Seats, Export High", kind: "independent", seats: 5 });
    const firstAdmin = await addMember(t.database.db, "first.admin@example.org");
    const secondAdmin = await addMember(t.database.db, "second.admin@example.org");
    const teacher = await addMember(t.database.db, "seat.teacher@example.org");
    await join(crm, paid, firstAdmin, "admin");
    await join(crm, paid, secondAdmin, "admin");
    await join(crm, paid, teacher, "user");
    await join(crm, paid, firstAdmin, "user");
    const { schoolId: free } = await addSchool(t.database.db, crm, { name: "Free Export Primary", kind: "state", seats: "unlimited" });
    const { schoolId: lapsed } = await addSchool(t.database.db, crm, { name: "Lapsed Export School", kind: "independent" });
    await crm.createMembership({ constituentId: lapsed, levelId: 96, initiation: new Date(Date.now() - 400 * 86_400_000), expiration: new Date(Date.now() - 86_400_000), seats: [] });

    // Paused for an unpaid invoice: still listed, with its seats, and said to be paused.
    const [paidMembership] = await crm.memberships(paid);
    await membershipSuspensions(t.database.db).suspend(t.database.db, paidMembership!.Id, new Date());

    const csv = await download(membership, "/staff/exports/schools.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="schools-with-seats-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = new CsvRecordReader().push(csv.body as string).map((record) => record.fields);
    expect(records[0]).toEqual(["school_id", "school_name", "urn", "postcode", "level", "expires_at", "seats_total", "seats_used", "admin_emails", "access"]);
    const rows = records.slice(1);
    const paidRow = rows.filter((row) => row[0] === String(paid));
    expect(paidRow).toHaveLength(1);
    expect(paidRow[0]).toEqual([
      String(paid),
      "Seats, Export High",
      String(100000 + paid),
      "LS1 1AA",
      expect.stringMatching(/^School, \d+ seats$/),
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      "5",
      "2",
      "first.admin@example.org; second.admin@example.org",
      "paused",
    ]);
    expect(rows.find((row) => row[0] === String(free))).toEqual(expect.arrayContaining(["Free Export Primary", "unlimited", "", "active"]));
    expect(rows.some((row) => row[0] === String(lapsed))).toBe(false);
    const ids = rows.map((row) => Number(row[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const audit = await t.database.db.selectFrom("audit_events").selectAll().where("event", "=", "export.downloaded").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details)).toEqual({ export: "schools" });
    expect(audit.staff_actor_id).not.toBeNull();
  });

  it("is refused to support staff (403), and the exports page says which role each needs", async () => {
    expect((await support.agent.get("/staff/exports/members.csv").set("Accept", "text/html")).status).toBe(403);
    expect((await support.agent.get("/staff/exports/schools.csv").set("Accept", "text/html")).status).toBe(403);
    const page = await support.agent.get("/staff/exports/").set("Accept", "text/html");
    expect(page.status).toBe(200);
    expect(page.text).toContain("For the Membership role and above.");
    expect(page.text).not.toContain('href="/staff/exports/members.csv"');
    expect(page.text).not.toContain('href="/staff/exports/schools.csv"');
  });
});
