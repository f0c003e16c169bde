import type { CrmPort } from "../../../server/crm/crm-port";
import { isRefusal } from "../../../server/shared/refusal";
import { addMember, addSchool, crmOf, currentRoles, ids } from "../memberships/support";
import { mailTo, storedRequest } from "../requests/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { enrolledStaff, formTokenOf, staffToken, type EnrolledStaff } from "../staff/support";

/*
 * The back office's requests inbox (issue 28, docs/back-office.md
 * "Requests"), through the real app: support and above read, answer and
 * close; deciding a join request takes the membership role, checked by the
 * server whatever the page showed; every write is audited with the staff
 * account and the request's status before and after.
 */

describe.each(databaseEngines)("the requests inbox on %s", (engine) => {
  let t: TestApp;
  let crm: CrmPort;
  let support: EnrolledStaff;
  let membership: EnrolledStaff;
  let count = 0;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    crm = crmOf(t);
    support = await enrolledStaff(t, "support");
    membership = await enrolledStaff(t, "membership");
  });
  afterAll(() => t.close());

  /** A teacher's request to join a school with no admin, so it waits in the inbox. */
  async function joinRequest() {
    count += 1;
    const { schoolId } = await addSchool(t.database.db, crm, { name: `Hillcrest ${count}`, kind: "state" });
    const teacher = await addMember(t.database.db, `teacher${count}@example.org`);
    const sent = await t.services.features.requests.askToJoin(teacher, { schoolId, message: `I teach drama, request ${count}.` });
    if (isRefusal(sent)) throw new Error(sent.message);
    return { id: sent.request.id, schoolId, teacher, email: `teacher${count}@example.org`, schoolName: `Hillcrest ${count}` };
  }

  /** Rows straight into the inbox's table: many at once, for paging and filters. */
  async function contactMessages(subject: string, many: number) {
    const at = new Date().toISOString();
    const rows = Array.from({ length: many }, (_, index) => ({
      kind: "contact" as const,
      status: "open" as const,
      person_id: null,
      name: `Visitor ${index}`,
      email: `visitor${index}@example.org`,
      school_id: null,
      subject,
      message: `Message ${index} about ${subject}`,
      details: "{}",
      outcome: null,
      created_at: at,
      updated_at: at,
      closed_at: null,
    }));
    await t.database.db.insertInto("requests").values(rows).execute();
  }

  async function post(staff: EnrolledStaff, path: string, fields: Record<string, string> = {}) {
    const token = await staffToken(staff.agent, "/staff/requests/");
    return staff.agent.post(path).type("form").set("Accept", "text/html").send({ _csrf: token, ...fields });
  }

  const lastAudit = (event: string) =>
    t.database.db.selectFrom("audit_events").selectAll().where("event", "=", event).orderBy("id", "desc").executeTakeFirst();

  it("lists open requests, filters by kind and words, and pages 25 at a time with links that keep the filters", async () => {
    await contactMessages("Backstage tours", 27);
    // Newest first: the join request, sent after, heads the first page.
    const waiting = await joinRequest();

    const open = await support.agent.get("/staff/requests/").set("Accept", "text/html");
    expect(open.status).toBe(200);
    expect(open.text).toContain(`href="/staff/requests/${waiting.id}/"`);
    expect(open.text).toContain("Asks to join Hillcrest");

    const tours = await support.agent.get("/staff/requests/?status=open&kind=contact&q=backstage").set("Accept", "text/html");
    expect(tours.text).toContain("27 requests open");
    expect(tours.text).not.toContain("Asks to join Hillcrest");
    expect((tours.text.match(/<tr>/g) ?? []).length).toBe(1 + 25);
    expect(tours.text).toContain('href="/staff/requests/?status=open&amp;kind=contact&amp;q=backstage&amp;page=2" rel="next"');

    const second = await support.agent.get("/staff/requests/?status=open&kind=contact&q=backstage&page=2").set("Accept", "text/html");
    expect((second.text.match(/<tr>/g) ?? []).length).toBe(1 + 2);
    expect(second.text).toContain('aria-current="page"><span class="visually-hidden">Page </span>2');

    const nothing = await support.agent.get("/staff/requests/?status=closed&q=backstage").set("Accept", "text/html");
    expect(nothing.text).toContain("Nothing matches these filters.");
  });

  it("shows the dashboard's requests waiting, and the inbox in the header, to support staff", async () => {
    const dashboard = await support.agent.get("/staff/").set("Accept", "text/html");
    const open = (await t.services.features.requests.counts()).open;
    expect(open).toBeGreaterThan(0);
    expect(dashboard.text).toMatch(new RegExp(`Requests waiting</dt>\\s*<dd class="staff-stats__value">${open}</dd>`));
    expect(dashboard.text).toContain('<a class="staff-nav__link" href="/staff/requests/"');
  });

  it("mails a support member's answer to the person, keeps it with the request, marks it answered and audits it", async () => {
    const request = await joinRequest();
    const page = await support.agent.get(`/staff/requests/${request.id}/`).set("Accept", "text/html");
    expect(page.text).toContain(`I teach drama, request ${count}.`);
    // A support member may write, but not decide: the page offers no Approve, and says why.
    expect(page.text).not.toContain(`action="/staff/requests/${request.id}/approve/"`);
    expect(page.text).toContain("needs the Membership role or above");

    const answered = await post(support, `/staff/requests/${request.id}/answer/`, { body: "Hello, we are setting up your school's account now." });
    expect(answered.status).toBe(303);
    expect(answered.headers.location).toBe(`/staff/requests/${request.id}/`);
    expect(await storedRequest(t.database.db, request.id)).toMatchObject({
      status: "answered",
      answers: [expect.objectContaining({ author_staff_id: expect.any(Number), author_name: "The learning team", body: "Hello, we are setting up your school's account now." })],
    });
    const mail = (await mailTo(t.database.db, request.email)).find((row) => row.template === "request-answer");
    expect(mail?.text_body).toContain("Hello, we are setting up your school's account now.");
    const audit = await lastAudit("request.answered");
    expect(audit).toMatchObject({ actor_id: null, record_type: "request", record_id: String(request.id) });
    expect(audit?.staff_actor_id).toBe((await t.database.db.selectFrom("staff_accounts").select("id").where("email", "=", support.email).executeTakeFirstOrThrow()).id);
    expect(JSON.parse(audit!.record_before!)).toEqual({ status: "open" });
    expect(JSON.parse(audit!.record_after!)).toEqual({ status: "answered" });

    const shown = await support.agent.get(`/staff/requests/${request.id}/`).set("Accept", "text/html");
    expect(shown.text).toContain("Your answer is on its way to");
  });

  it("keeps an empty answer's page with the reason on the field, sending nothing", async () => {
    const request = await joinRequest();
    const refused = await post(support, `/staff/requests/${request.id}/answer/`, { body: "   " });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Write your answer.");
    expect(refused.text).toContain('aria-invalid="true"');
    expect(await storedRequest(t.database.db, request.id)).toMatchObject({ status: "open", answers: [] });
  });

  it("refuses support staff's approval on the server (403), whatever the page offered, changing nothing", async () => {
    const request = await joinRequest();
    const refused = await post(support, `/staff/requests/${request.id}/approve/`);
    expect(refused.status).toBe(403);
    expect(await currentRoles(crm, request.schoolId, request.teacher)).toEqual([]);
    expect(await storedRequest(t.database.db, request.id)).toMatchObject({ status: "open", outcome: null });
  });

  it("lets the membership role approve: the teacher holds a seat, is told, and a second approval is refused with the page again", async () => {
    const request = await joinRequest();
    const approved = await post(membership, `/staff/requests/${request.id}/approve/`);
    expect(approved.status).toBe(303);
    expect(await currentRoles(crm, request.schoolId, request.teacher)).toEqual([ids.affiliationTypes.user]);
    expect(await storedRequest(t.database.db, request.id)).toMatchObject({ status: "closed", outcome: "approved" });
    expect((await mailTo(t.database.db, request.email)).map((row) => row.template)).toContain("join-request-approved");
    const audit = await lastAudit("join-request.approved");
    expect(audit?.staff_actor_id).toEqual(expect.any(Number));

    const again = await post(membership, `/staff/requests/${request.id}/approve/`);
    expect(again.status).toBe(409);
    expect(again.text).toContain("This request has already been approved.");
  });

  it("declines with a note, which the teacher is sent", async () => {
    const request = await joinRequest();
    const declined = await post(membership, `/staff/requests/${request.id}/decline/`, { note: "Please ask your head teacher to write to us." });
    expect(declined.status).toBe(303);
    expect(await storedRequest(t.database.db, request.id)).toMatchObject({ status: "closed", outcome: "declined" });
    const mail = (await mailTo(t.database.db, request.email)).at(-1);
    expect(mail?.text_body).toContain("Please ask your head teacher to write to us.");
  });

  it("closes a request once: a second close says it is closed (409); closing is audited", async () => {
    const request = await joinRequest();
    expect((await post(support, `/staff/requests/${request.id}/close/`)).status).toBe(303);
    expect(await storedRequest(t.database.db, request.id)).toMatchObject({ status: "closed", outcome: null });
    expect(JSON.parse((await lastAudit("request.closed"))!.record_after!)).toEqual({ status: "closed" });
    const again = await post(support, `/staff/requests/${request.id}/close/`);
    expect(again.status).toBe(409);
    expect(again.text).toContain("This request is closed.");
  });

  it("needs the staff session's CSRF token for every write", async () => {
    const request = await joinRequest();
    for (const action of ["answer", "close", "approve", "decline"]) {
      const refused = await membership.agent.post(`/staff/requests/${request.id}/${action}/`).type("form").set("Accept", "text/html").send({ body: "x" });
      expect(refused.status, action).toBe(403);
    }
    expect(await storedRequest(t.database.db, request.id)).toMatchObject({ status: "open", answers: [] });
  });

  it("answers 404 for a request that does not exist, and for a path id that is not one", async () => {
    expect((await support.agent.get("/staff/requests/999999/").set("Accept", "text/html")).status).toBe(404);
    expect((await support.agent.get("/staff/requests/abc/").set("Accept", "text/html")).status).toBe(404);
    const token = formTokenOf((await support.agent.get("/staff/requests/").set("Accept", "text/html")).text);
    expect((await support.agent.post("/staff/requests/999999/answer/").type("form").send({ _csrf: token, body: "Hello" })).status).toBe(404);
  });
});
