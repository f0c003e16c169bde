import type { CrmPort } from "../../../server/crm/crm-port";
import { eraseRequestsOf, type RequestsService } from "../../../server/requests";
import { isRefusal } from "../../../server/shared/refusal";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { addMember, addSchool, join } from "../memberships/support";
import { mailTo, requestsOver, staffEmail, storedRequest } from "./support";

/*
 * Support requests, contact messages and the inbox the back office answers
 * from (issue 28, docs/requests.md), at service level.
 */
describe.each(databaseEngines)("the requests inbox on %s", (engine) => {
  let database: TestDatabase;
  let requests: RequestsService;
  let crm: CrmPort;
  const staff = { kind: "staff" as const, staffId: 3, name: "Jo Rivers, the learning team" };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ requests, crm } = requestsOver(database.db));
  });
  afterAll(() => database.dispose());

  const school = {
    name: "Cambridge House School",
    addressLine1: "170 Wellington Close",
    addressLine2: "Trumpington",
    addressLine3: "",
    city: "Cambridge",
    state: null,
    county: null,
    postalCode: "CB12 9EH",
    country: 209,
    type: "independent-school" as const,
    URN: "9000018",
    constituentId: null as number | null,
    membershipDetails: null,
    totalAvailable: null,
    benefitUsage: null,
  };

  async function supportRequest(personId: number, overrides: Partial<Parameters<RequestsService["sendSupportRequest"]>[1]> = {}) {
    const sent = await requests.sendSupportRequest(personId, { ending: "contactSupport", pathway: "independent-school", school, plan: null, message: "", ...overrides });
    if (isRefusal(sent)) throw new Error(sent.message);
    return sent;
  }

  describe("support requests", () => {
    it("keeps what the person entered (school type, school, address, plan, numbers) and emails staff, replying to them", async () => {
      const person = await addMember(database.db, "bursar@example.org");
      const { schoolId } = await addSchool(database.db, crm, { name: "Cambridge House School", kind: "independent" });
      const sent = await supportRequest(person, {
        ending: "moreUsers",
        school: { ...school, constituentId: schoolId },
        plan: { planType: "school-annual", users: 24 },
        message: "We'd like to start in September.",
      });
      expect(sent).toEqual({ request: { id: expect.any(Number), email: "bursar@example.org" } });
      const stored = await storedRequest(database.db, sent.request.id);
      expect(stored).toMatchObject({
        kind: "support",
        status: "open",
        person_id: person,
        name: "Sam bursar",
        email: "bursar@example.org",
        school_id: schoolId,
        subject: "A membership for 24 users at Cambridge House School",
        message: "We'd like to start in September.",
      });
      expect(JSON.parse(stored.details)).toEqual({
        ending: "moreUsers",
        schoolType: "UK Independent School",
        school: { name: "Cambridge House School", urn: "9000018", constituentId: schoolId },
        address: "170 Wellington Close, Trumpington, Cambridge, CB12 9EH",
        plan: "School, annual",
        users: 24,
      });
      const mail = (await mailTo(database.db, staffEmail)).at(-1)!;
      expect(mail).toMatchObject({ template: "request-for-staff", reply_to: "bursar@example.org", subject: "Support request: A membership for 24 users at Cambridge House School" });
      for (const line of ["School type: UK Independent School", "School: Cambridge House School (URN 9000018)", "Address: 170 Wellington Close, Trumpington, Cambridge, CB12 9EH", "Plan: School, annual", "Number of users: 24", "We'd like to start in September."]) {
        expect(mail.text_body).toContain(line);
      }
    });

    it("names no school by an id the CRM does not know as one, and keeps a homeschool's address without a school", async () => {
      const person = await addMember(database.db, "home@example.org");
      const forged = await supportRequest(person, { school: { ...school, constituentId: person } });
      expect((await storedRequest(database.db, forged.request.id)).school_id).toBeNull();
      const home = await supportRequest(person, { pathway: "individual", school: { ...school, name: "", URN: null, type: null } });
      expect(JSON.parse((await storedRequest(database.db, home.request.id)).details)).toEqual({
        ending: "contactSupport",
        schoolType: "Homeschool",
        address: "170 Wellington Close, Trumpington, Cambridge, CB12 9EH",
      });
    });

    it("refuses control characters in the school's details or the message, storing nothing", async () => {
      const person = await addMember(database.db, "controls@example.org");
      const before = await database.db.selectFrom("requests").select("id").execute();
      expect(await requests.sendSupportRequest(person, { ending: "contactSupport", pathway: null, school: { ...school, name: "Cam\u001bbridge" }, plan: null, message: "" })).toMatchObject({
        reason: "invalid",
        errors: { school: [expect.any(String)] },
      });
      expect(await requests.sendSupportRequest(person, { ending: "contactSupport", pathway: null, school: null, plan: null, message: "Ring\u0007" })).toMatchObject({
        reason: "invalid",
        errors: { message: [expect.any(String)] },
      });
      expect(await database.db.selectFrom("requests").select("id").execute()).toEqual(before);
    });

    it("allows ten join and support requests a day to one person, then says when to try again", async () => {
      const person = await addMember(database.db, "busy@example.org");
      for (let sent = 0; sent < 10; sent += 1) await supportRequest(person);
      expect(await requests.sendSupportRequest(person, { ending: "contactSupport", pathway: null, school: null, plan: null, message: "" })).toMatchObject({
        reason: "too-many-attempts",
        retryAfterSeconds: expect.any(Number),
      });
    });
  });

  describe("contact messages", () => {
    it("land in the inbox as contact requests, mailed to staff as before", async () => {
      const person = await addMember(database.db, "writer@example.org");
      const outcome = await requests.sendContactMessage(person, { name: "Priya Shah", email: "priya@example.org", subject: "Membership", message: "Do you run INSET days?" });
      expect(outcome).toEqual({ ok: true, value: { name: "Priya Shah", email: "priya@example.org", subject: "Membership", message: "Do you run INSET days?" } });
      const { rows } = await requests.inbox({ kind: "contact", page: 1, perPage: 10 });
      expect(rows[0]).toMatchObject({ kind: "contact", status: "open", personId: person, name: "Priya Shah", email: "priya@example.org", subject: "Membership" });
      expect((await mailTo(database.db, staffEmail)).at(-1)).toMatchObject({ template: "contact-message", reply_to: "priya@example.org" });
    });
  });

  describe("the inbox", () => {
    it("lists, filters, searches and pages, newest first, and counts what waits", async () => {
      const person = await addMember(database.db, "lister@example.org");
      const first = await supportRequest(person, { message: "About the Lisbon trip" });
      const second = await supportRequest(person, { message: "About Macbeth workshops" });
      const page = await requests.inbox({ text: "lisbon", page: 1, perPage: 10 });
      expect(page.rows.map((row) => row.id)).toEqual([first.request.id]);
      const paged = await requests.inbox({ kind: "support", personId: person, page: 1, perPage: 1 });
      expect(paged).toMatchObject({ total: 2, page: 1, perPage: 1 });
      expect(paged.rows.map((row) => row.id)).toEqual([second.request.id]);
      expect((await requests.inbox({ kind: "support", personId: person, page: 2, perPage: 1 })).rows.map((row) => row.id)).toEqual([first.request.id]);
      // LIKE's wildcards are only characters here.
      expect((await requests.inbox({ text: "%", page: 1, perPage: 10 })).rows).toEqual([]);
      const counts = await requests.counts();
      expect(counts.open).toBe((await requests.inbox({ status: "open", page: 1, perPage: 100 })).total);
    });

    it("sends staff's answer through the outbox, keeps it with the request and marks it answered; closing ends it", async () => {
      const person = await addMember(database.db, "answered@example.org");
      const sent = await supportRequest(person, { message: "Can we pay by invoice?" });
      const answered = await requests.answer(staff, sent.request.id, "Yes: we'll send the invoice this week.");
      expect(answered).toMatchObject({
        status: "answered",
        detailLines: expect.arrayContaining([{ label: "School type", value: "UK Independent School" }]),
        answers: [expect.objectContaining({ authorStaffId: 3, authorName: staff.name, body: "Yes: we'll send the invoice this week.", sentTo: "answered@example.org", action: null })],
      });
      const [mail] = await mailTo(database.db, "answered@example.org");
      expect(mail).toMatchObject({ template: "request-answer", reply_to: staffEmail });
      expect(mail!.text_body).toContain("Yes: we'll send the invoice this week.");
      expect(mail!.text_body).toContain("Can we pay by invoice?");

      expect(await requests.close(staff, sent.request.id)).toMatchObject({ status: "closed", closedAt: expect.any(String) });
      expect(await requests.close(staff, sent.request.id)).toMatchObject({ reason: "conflict" });
      expect(await requests.answer(staff, sent.request.id, "One more thing")).toMatchObject({ reason: "conflict" });
      expect(await mailTo(database.db, "answered@example.org")).toHaveLength(1);
      expect(await requests.answer(staff, 999_999, "Hello")).toMatchObject({ reason: "not-found" });
      expect(await requests.answer(staff, sent.request.id, "  ")).toMatchObject({ reason: "invalid", errors: { body: ["Write your answer."] } });
    });
  });

  describe("erasure", () => {
    it("deletes the person's own requests; answers they gave as an admin stay, no longer naming them", async () => {
      const { schoolId } = await addSchool(database.db, crm, { name: "Oakfield", kind: "state", seats: "unlimited" });
      const admin = await addMember(database.db, "leaving-admin@oakfield.sch.uk");
      await join(crm, schoolId, admin, "admin");
      const teacher = await addMember(database.db, "staying@example.org");
      const own = await supportRequest(admin);
      const asked = await requests.askToJoin(teacher, { schoolId, message: "" });
      if (isRefusal(asked)) throw new Error(asked.message);
      await requests.declineJoinRequest({ kind: "admin", personId: admin }, asked.request.id, "");
      await eraseRequestsOf(database.db, admin);
      expect(await database.db.selectFrom("requests").select("id").where("id", "=", own.request.id).execute()).toEqual([]);
      expect((await storedRequest(database.db, asked.request.id)).answers).toEqual([expect.objectContaining({ author_person_id: null, action: "declined" })]);
    });
  });
});
