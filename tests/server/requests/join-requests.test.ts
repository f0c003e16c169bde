import type { CrmPort } from "../../../server/crm/crm-port";
import type { RequestsService } from "../../../server/requests";
import { isRefusal } from "../../../server/shared/refusal";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { addMember, addSchool, currentRoles, ids, join, seatRecords, userSeatsRemaining } from "../memberships/support";
import { mailTo, requestsOver, staffEmail, storedRequest } from "./support";

const USER = ids.affiliationTypes.user;

/*
 * Join requests at service level (issue 28; docs/requests.md): asking, the
 * admins' (or staff's) decision, and every rule checked again on the server.
 */
describe.each(databaseEngines)("join requests on %s", (engine) => {
  let database: TestDatabase;
  let requests: RequestsService;
  let crm: CrmPort;
  let log: ReturnType<typeof requestsOver>["log"];
  let count = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ({ requests, crm, log } = requestsOver(database.db));
  });
  afterAll(() => database.dispose());

  /** A school with an admin (unlimited seats, or as many as asked), and a teacher at a personal address. */
  async function schoolWithAdmin(options: { seats?: number | "unlimited"; kind?: "state" | "independent" } = {}) {
    count += 1;
    const school = await addSchool(database.db, crm, { name: `Riverside ${count}`, kind: options.kind ?? "state", seats: options.seats ?? "unlimited" });
    const admin = await addMember(database.db, `admin${count}@riverside${count}.sch.uk`);
    await join(crm, school.schoolId, admin, "user");
    await join(crm, school.schoolId, admin, "admin");
    const teacher = await addMember(database.db, `teacher${count}@example.org`);
    return { ...school, admin, teacher, adminEmail: `admin${count}@riverside${count}.sch.uk`, teacherEmail: `teacher${count}@example.org` };
  }

  const ask = async (personId: number, schoolId: number, message = "I teach Year 9 drama.") => {
    const sent = await requests.askToJoin(personId, { schoolId, message });
    if (isRefusal(sent)) throw new Error(`refused: ${sent.message}`);
    return sent;
  };

  describe("asking", () => {
    it("stores the request with the person's name, verified address, school and message, and emails each admin", async () => {
      const school = await schoolWithAdmin();
      const sent = await ask(school.teacher, school.schoolId, "  I teach Year 9 drama.\nMy school address is not set up yet.  ");
      expect(sent).toEqual({
        request: { id: expect.any(Number), schoolName: `Riverside ${count}`, email: school.teacherEmail, sentTo: "admins" },
        alreadySent: false,
      });
      const stored = await storedRequest(database.db, sent.request.id);
      expect(stored).toMatchObject({
        kind: "join",
        status: "open",
        person_id: school.teacher,
        name: `Sam teacher${count}`,
        email: school.teacherEmail,
        school_id: school.schoolId,
        message: "I teach Year 9 drama.\nMy school address is not set up yet.",
        outcome: null,
      });
      expect(JSON.parse(stored.details)).toMatchObject({ schoolType: "UK State School (FREE)", school: { name: `Riverside ${count}`, constituentId: school.schoolId } });
      const [mail] = await mailTo(database.db, school.adminEmail);
      expect(mail).toMatchObject({ template: "join-request", reply_to: school.teacherEmail, subject: `Sam teacher${count} asks to join Riverside ${count}` });
      expect(mail!.text_body).toContain("My school address is not set up yet.");
      expect(mail!.text_body).toContain("http://127.0.0.1:3000/account/my-account/#school");
      // Staff are not bothered while the school has an admin.
      expect((await mailTo(database.db, staffEmail)).filter((row) => row.subject.includes(`Riverside ${count}`))).toEqual([]);
    });

    it("answers the waiting request again to a second ask, sending nothing new", async () => {
      const school = await schoolWithAdmin();
      const first = await ask(school.teacher, school.schoolId);
      const again = await ask(school.teacher, school.schoolId, "Did you get this?");
      expect(again).toEqual({ ...first, alreadySent: true });
      expect(await mailTo(database.db, school.adminEmail)).toHaveLength(1);
    });

    it("sends it to staff when the school has no admin", async () => {
      count += 1;
      const { schoolId } = await addSchool(database.db, crm, { name: `Hillcrest ${count}`, kind: "state" });
      const teacher = await addMember(database.db, `hill${count}@example.org`);
      const sent = await ask(teacher, schoolId, "Our school has no admin yet.");
      expect(sent.request.sentTo).toBe("staff");
      const mail = (await mailTo(database.db, staffEmail)).find((row) => row.subject.includes(`Hillcrest ${count}`));
      expect(mail).toMatchObject({ template: "request-for-staff", reply_to: `hill${count}@example.org`, subject: `Join request: Asks to join Hillcrest ${count}` });
      expect(mail!.text_body).toContain("has no admin to approve it");
      expect(mail!.text_body).toContain("Our school has no admin yet.");
    });

    it("refuses, storing and sending nothing: an unverified address, an unknown school, a member already, control characters", async () => {
      const school = await schoolWithAdmin();
      const unverified = await addMember(database.db, `unverified${count}@example.org`, { verified: false });
      const member = await addMember(database.db, `member${count}@example.org`);
      await join(crm, school.schoolId, member, "user");
      const before = await database.db.selectFrom("requests").select("id").execute();
      expect(await requests.askToJoin(unverified, { schoolId: school.schoolId, message: "" })).toMatchObject({
        reason: "forbidden",
        rule: "verified-email",
        errors: { email: [expect.stringContaining("confirm your email address")] },
      });
      expect(await requests.askToJoin(school.teacher, { schoolId: school.teacher, message: "" })).toMatchObject({ reason: "not-found", rule: "school-exists" });
      expect(await requests.askToJoin(member, { schoolId: school.schoolId, message: "" })).toMatchObject({ reason: "conflict", rule: "not-yet-a-member" });
      expect(await requests.askToJoin(school.teacher, { schoolId: school.schoolId, message: "Ring\u0007" })).toMatchObject({ reason: "invalid", errors: { message: [expect.any(String)] } });
      expect(await database.db.selectFrom("requests").select("id").execute()).toEqual(before);
      expect(await mailTo(database.db, school.adminEmail)).toEqual([]);
      expect(log.lines.filter((line) => line.level === 40 && line.rule === "verified-email").length).toBeGreaterThan(0);
    });
  });

  describe("the School tab's list", () => {
    it("lists the requests waiting on the schools the person is an admin of, and nobody else's", async () => {
      const first = await schoolWithAdmin();
      const second = await schoolWithAdmin();
      const sent = await ask(first.teacher, first.schoolId, "Please add me.");
      await ask(second.teacher, second.schoolId);
      expect(await requests.joinRequestsForAdmin(first.admin)).toEqual([
        {
          id: sent.request.id,
          schoolId: first.schoolId,
          schoolName: `Riverside ${count - 1}`,
          name: `Sam teacher${count - 1}`,
          email: first.teacherEmail,
          message: "Please add me.",
          sent: expect.stringMatching(/^\d{1,2} [A-Z][a-z]+ \d{4}$/),
        },
      ]);
      expect(await requests.joinRequestsForAdmin(first.teacher)).toEqual([]);
    });
  });

  describe("approving", () => {
    it("gives the teacher a seat, closes the request as approved, keeps the answer and emails them", async () => {
      const school = await schoolWithAdmin({ seats: 3, kind: "independent" });
      const sent = await ask(school.teacher, school.schoolId);
      const seatsBefore = await userSeatsRemaining(crm, school.membershipId);
      const decided = await requests.approveJoinRequest({ kind: "admin", personId: school.admin }, sent.request.id, "203.0.113.9");
      expect(decided).toEqual({
        requestId: sent.request.id,
        name: `Sam teacher${count}`,
        email: school.teacherEmail,
        schoolName: `Riverside ${count}`,
        outcome: "approved",
        seat: "joined",
      });
      expect(await currentRoles(crm, school.schoolId, school.teacher)).toEqual([USER]);
      expect(await userSeatsRemaining(crm, school.membershipId)).toBe(seatsBefore - 1);
      const stored = await storedRequest(database.db, sent.request.id);
      expect(stored).toMatchObject({ status: "closed", outcome: "approved", closed_at: expect.any(String) });
      expect(stored.answers).toEqual([
        expect.objectContaining({ author_person_id: school.admin, author_name: `Sam admin${count}`, action: "approved", sent_to: school.teacherEmail }),
      ]);
      const [mail] = await mailTo(database.db, school.teacherEmail);
      expect(mail).toMatchObject({ template: "join-request-approved", subject: `Your request to join Riverside ${count} was approved` });
      expect(mail!.text_body).toContain("/account/login/?next=%2Faccount%2Fmy-account%2F%23school");
      const audit = await database.db.selectFrom("audit_events").selectAll().where("event", "=", "join-request.approved").orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ actor_id: school.admin, subject_id: school.teacher, ip: "203.0.113.9" });
      expect(await requests.joinRequestsForAdmin(school.admin)).toEqual([]);
    });

    it("refuses a second approval, changing nothing", async () => {
      const school = await schoolWithAdmin();
      const sent = await ask(school.teacher, school.schoolId);
      await requests.approveJoinRequest({ kind: "admin", personId: school.admin }, sent.request.id);
      const before = await seatRecords(database.db);
      expect(await requests.approveJoinRequest({ kind: "admin", personId: school.admin }, sent.request.id)).toMatchObject({
        reason: "conflict",
        message: "This request has already been approved.",
      });
      expect(await seatRecords(database.db)).toEqual(before);
      expect((await storedRequest(database.db, sent.request.id)).answers).toHaveLength(1);
      expect(await mailTo(database.db, school.teacherEmail)).toHaveLength(1);
    });

    it("lets exactly one of two approvals at once win", async () => {
      const school = await schoolWithAdmin({ seats: 5, kind: "independent" });
      const secondAdmin = await addMember(database.db, `second-admin${count}@riverside.sch.uk`);
      await join(crm, school.schoolId, secondAdmin, "user");
      await join(crm, school.schoolId, secondAdmin, "admin");
      const sent = await ask(school.teacher, school.schoolId);
      const outcomes = await Promise.all([
        requests.approveJoinRequest({ kind: "admin", personId: school.admin }, sent.request.id),
        requests.approveJoinRequest({ kind: "admin", personId: secondAdmin }, sent.request.id),
      ]);
      expect(outcomes.filter((outcome) => !isRefusal(outcome))).toHaveLength(1);
      expect(outcomes.filter(isRefusal)).toEqual([expect.objectContaining({ reason: "conflict" })]);
      expect((await storedRequest(database.db, sent.request.id)).answers).toHaveLength(1);
      expect(await mailTo(database.db, school.teacherEmail)).toHaveLength(1);
    });

    it("refuses anyone who is not an admin of that school, as if there were no such request", async () => {
      const school = await schoolWithAdmin();
      const other = await schoolWithAdmin();
      const sent = await ask(school.teacher, school.schoolId);
      const user = await addMember(database.db, `user${count}@example.org`);
      await join(crm, school.schoolId, user, "user");
      const before = await seatRecords(database.db);
      for (const personId of [other.admin, user, school.teacher]) {
        expect(await requests.approveJoinRequest({ kind: "admin", personId }, sent.request.id)).toMatchObject({ reason: "not-found", rule: "join-request-of-own-school" });
        expect(await requests.declineJoinRequest({ kind: "admin", personId }, sent.request.id, "")).toMatchObject({ reason: "not-found" });
      }
      expect(await seatRecords(database.db)).toEqual(before);
      expect(await storedRequest(database.db, sent.request.id)).toMatchObject({ status: "open", answers: [] });
    });

    it("refuses when every seat is taken, and the request stays open to approve once one is free", async () => {
      // Its one user seat is the admin's own.
      const school = await schoolWithAdmin({ seats: 1, kind: "independent" });
      const sent = await ask(school.teacher, school.schoolId);
      const before = await seatRecords(database.db);
      expect(await requests.approveJoinRequest({ kind: "admin", personId: school.admin }, sent.request.id)).toMatchObject({
        reason: "conflict",
        rule: "seats-available",
        message: `All of Riverside ${count}'s seats are in use. Remove someone or add seats, then approve the request again.`,
      });
      expect(await seatRecords(database.db)).toEqual(before);
      expect(await storedRequest(database.db, sent.request.id)).toMatchObject({ status: "open", outcome: null, answers: [] });
      expect(await mailTo(database.db, school.teacherEmail)).toEqual([]);
      expect(await requests.joinRequestsForAdmin(school.admin)).toHaveLength(1);
    });

    it("lets staff approve where the school has no admin: a state school with no membership gets the free one, as in the wizard", async () => {
      count += 1;
      const { schoolId } = await addSchool(database.db, crm, { name: `Hillcrest ${count}`, kind: "state" });
      const teacher = await addMember(database.db, `staffed${count}@example.org`);
      const sent = await ask(teacher, schoolId);
      const decided = await requests.approveJoinRequest({ kind: "staff", staffId: 7, name: "The learning team" }, sent.request.id);
      expect(decided).toMatchObject({ outcome: "approved", seat: "joined" });
      const [membership] = await crm.memberships(schoolId);
      expect(membership).toMatchObject({ MembershipLevel: { Id: ids.membershipLevels.stateSchool } });
      expect(await currentRoles(crm, schoolId, teacher)).toEqual([USER]);
      expect((await storedRequest(database.db, sent.request.id)).answers).toEqual([
        expect.objectContaining({ author_person_id: null, author_staff_id: 7, author_name: "The learning team", action: "approved" }),
      ]);
      const audit = await database.db.selectFrom("audit_events").select(["actor_id", "staff_actor_id", "details"]).where("event", "=", "join-request.approved").orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(audit.actor_id).toBeNull();
      expect(audit.staff_actor_id).toBe(7);
      expect(JSON.parse(audit.details)).toMatchObject({ requestId: sent.request.id, schoolId, staffId: 7 });
    });

    it("refuses a school whose membership has ended (not a state school: nothing is made free)", async () => {
      const school = await schoolWithAdmin({ seats: 5, kind: "independent" });
      const sent = await ask(school.teacher, school.schoolId);
      await database.db.updateTable("memberships").set({ expires_at: new Date(Date.now() - 86_400_000).toISOString() }).where("id", "=", school.membershipId).execute();
      const before = await seatRecords(database.db);
      // The admin's seat is unlimited, so they are still its admin; the school has nothing to join.
      expect(await requests.approveJoinRequest({ kind: "admin", personId: school.admin }, sent.request.id)).toMatchObject({
        reason: "conflict",
        rule: "current-membership",
        message: `Riverside ${count} has no current membership to join. Renew it first, then approve the request again.`,
      });
      expect(await seatRecords(database.db)).toEqual(before);
      expect(await storedRequest(database.db, sent.request.id)).toMatchObject({ status: "open" });
    });
  });

  describe("declining", () => {
    it("closes the request as declined, keeps the note with it and emails the teacher politely; it cannot be approved after", async () => {
      const school = await schoolWithAdmin();
      const sent = await ask(school.teacher, school.schoolId);
      const before = await seatRecords(database.db);
      const decided = await requests.declineJoinRequest({ kind: "admin", personId: school.admin }, sent.request.id, " Please ask the school office for a school address. ");
      expect(decided).toMatchObject({ outcome: "declined", name: `Sam teacher${count}`, schoolName: `Riverside ${count}` });
      const stored = await storedRequest(database.db, sent.request.id);
      expect(stored).toMatchObject({ status: "closed", outcome: "declined" });
      expect(stored.answers).toEqual([expect.objectContaining({ action: "declined", body: expect.stringContaining("Please ask the school office for a school address.") })]);
      const [mail] = await mailTo(database.db, school.teacherEmail);
      expect(mail).toMatchObject({ template: "join-request-declined", subject: `Your request to join Riverside ${count}` });
      expect(mail!.text_body).toContain("Your account is kept");
      expect(mail!.text_body).toContain("Please ask the school office for a school address.");
      expect(await requests.approveJoinRequest({ kind: "admin", personId: school.admin }, sent.request.id)).toMatchObject({
        reason: "conflict",
        message: "This request has already been declined.",
      });
      expect(await seatRecords(database.db)).toEqual(before);
    });
  });
});
