import request from "supertest";
import { createAuditLog, type AuditLog, type AuditRecord } from "../../../server/audit/audit-log";
import type { CrmPort } from "../../../server/crm/crm-port";
import { addPerson, browserOnLoginPage, outboxFor, resetLinkIn, signInAs, strongPassword } from "../accounts/support";
import { addSchool, crmOf, ids, join } from "../memberships/support";
import { jsonCall, signedInBrowser } from "../my-account/support";
import { payOnSandbox, sessionIdIn, basketItem } from "../payments/support";
import { csrfTokenOf } from "../support/pages";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";

/*
 * Each audited event, caused through the real routes (docs/audit.md): the
 * entry names who, whose account, the client's address and the facts, and
 * never a password or token.
 */

const newPassword = "Second-rehearsal-8?";
// supertest connects over loopback; Express reports it as IPv4 or IPv4-mapped IPv6.
const loopback = expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/);

describe.each(databaseEngines)("the audit log on %s", (engine) => {
  let t: TestApp;
  let audit: AuditLog;
  let crm: CrmPort;
  let people = 0;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    audit = createAuditLog(t.database.db);
    crm = crmOf(t);
  });
  afterAll(() => t.close());

  const person = async (label: string) => {
    const email = `${label}${++people}@example.org`;
    return { email, id: await addPerson(t.database.db, { email }) };
  };

  /** The events recorded while `cause` ran, oldest first. */
  async function recordedDuring(cause: () => Promise<unknown>): Promise<AuditRecord[]> {
    const before = await t.database.db.selectFrom("audit_events").select((eb) => eb.fn.max("id").as("last")).executeTakeFirst();
    await cause();
    const last = Number(before?.last ?? 0);
    return (await audit.listSince(new Date(0))).filter((record) => record.id > last);
  }

  it("records a sign-in, and a refused one with the email as typed and why", async () => {
    const { email, id } = await person("signer");
    const { agent, token } = await browserOnLoginPage(t.app);
    const events = await recordedDuring(async () => {
      const refused = await agent.post("/account/login/").set("X-CSRFToken", token).send({ email: ` ${email.toUpperCase()} `, password: "Wrong-guess-1!" });
      expect(refused.status).toBe(401);
      await signInAs(agent, token, email);
    });
    expect(events).toEqual([
      expect.objectContaining({ event: "sign-in.failed", actorId: null, subjectId: null, ip: loopback, details: { email, reason: "wrong-credentials" } }),
      expect.objectContaining({ event: "sign-in.succeeded", actorId: id, subjectId: id, ip: loopback, details: {} }),
    ]);
  });

  it("records a password change by its owner", async () => {
    const { email, id } = await person("changer");
    const { agent, token } = await signedInBrowser(t.app, email);
    const events = await recordedDuring(async () => {
      const response = await jsonCall(agent, "put", "/account/update-password/", token, { Password: strongPassword, NewPassword: newPassword });
      expect(response.status).toBe(200);
    });
    expect(events).toEqual([expect.objectContaining({ event: "password.changed", actorId: id, subjectId: id, ip: loopback })]);
  });

  it("records a completed password reset, not the request or a refused try", async () => {
    const { email, id } = await person("resetter");
    const { agent: asker, token } = await browserOnLoginPage(t.app, "/account/forgot-password/");
    expect((await asker.post("/account/forgot-password/").type("form").send({ _csrf: token, email })).status).toBe(200);
    const [mail] = await outboxFor(t.database.db, email);
    const agent = request.agent(t.app);
    await agent.get(resetLinkIn(mail!.text_body));
    const page = await agent.get("/account/reset-password/");
    const events = await recordedDuring(async () => {
      const mismatch = { _csrf: csrfTokenOf(page.text), password: newPassword, confirm_password: "Something-else-9!" };
      expect((await agent.post("/account/reset-password/").type("form").send(mismatch)).status).toBe(400);
      const saved = await agent.post("/account/reset-password/").type("form").send({ ...mismatch, confirm_password: newPassword });
      expect(saved.status).toBe(303);
    });
    expect(events).toEqual([expect.objectContaining({ event: "password.reset", actorId: null, subjectId: id, ip: loopback, details: {} })]);
  });

  it("records an email change's request with the new address, and nothing for a name change", async () => {
    const { email, id } = await person("mover");
    const { agent, token } = await signedInBrowser(t.app, email);
    const events = await recordedDuring(async () => {
      expect((await jsonCall(agent, "put", "/account/update-profile/", token, { FirstName: "Renamed", LastName: "Only" })).status).toBe(200);
      const moved = await jsonCall(agent, "put", "/account/update-profile/", token, { Email: `moved-${email}`, Password: strongPassword });
      expect(moved.status).toBe(200);
    });
    expect(events).toEqual([
      // The switch itself ("email.changed") is recorded when the link is followed: tests/server/my-account/email-change.test.ts.
      expect.objectContaining({ event: "email.change-requested", actorId: id, subjectId: id, ip: loopback, details: { newEmail: `moved-${email}` } }),
    ]);
  });

  it("records a school admin's grant, removal and invite, naming the admin and the person", async () => {
    const school = await addSchool(t.database.db, crm, { name: "Riverside Academy", seats: 5 });
    const head = await person("head");
    const teacher = await person("teacher");
    await join(crm, school.schoolId, head.id, "admin");
    const teacherAffiliation = await join(crm, school.schoolId, teacher.id, "user");
    const { agent, token } = await signedInBrowser(t.app, head.email);

    const events = await recordedDuring(async () => {
      const granted = await jsonCall(agent, "post", `/account/affiliation/${teacher.id}/`, token, {
        AffiliationType: { Id: ids.affiliationTypes.admin },
        GroupConstituent: { Id: school.schoolId },
        IndividualConstituent: { Id: teacher.id },
        StartDate: new Date().toISOString(),
        EndDate: null,
        Salary: null,
      });
      expect(granted.status).toBe(201);
      const removed = await agent
        .delete(`/account/affiliation/${teacherAffiliation}/delete`)
        .set("Accept", "application/json")
        .set("X-Requested-With", "XMLHttpRequest")
        .set("X-CSRFToken", token);
      expect(removed.status).toBe(200);
      const invite = { email: "Newcomer@Example.org", organisationConstituentId: school.schoolId, membershipId: school.membershipId };
      expect((await jsonCall(agent, "post", "/account/invite-user/", token, invite)).status).toBe(200);
    });

    const granted = events.find((record) => record.event === "school-admin.granted");
    expect(events.map((record) => record.event)).toEqual(["school-admin.granted", "school-affiliation.removed", "school-invite.sent"]);
    expect(granted).toMatchObject({ actorId: head.id, subjectId: teacher.id, ip: loopback, details: { schoolId: school.schoolId, via: "made-admin" } });
    expect(events[1]).toMatchObject({
      actorId: head.id,
      subjectId: teacher.id,
      details: { schoolId: school.schoolId, affiliationId: teacherAffiliation, wholePerson: false },
    });
    expect(events[2]).toMatchObject({
      actorId: head.id,
      subjectId: null,
      details: { schoolId: school.schoolId, membershipId: school.membershipId, email: "newcomer@example.org" },
    });
  });

  it("records an admin seat taken in the wizard as a grant to oneself", async () => {
    const school = await addSchool(t.database.db, crm, { name: "Hillcrest High School", seats: 5 });
    const founder = await person("founder");
    await join(crm, school.schoolId, founder.id, "user");
    const { agent, token } = await signedInBrowser(t.app, founder.email);
    const events = await recordedDuring(async () => {
      const claimed = await agent
        .post("/account/manual-benefit-usage/")
        .set("X-CSRFToken", token)
        .send({ Benefit: { Id: ids.seatBenefits.adminSeat }, Constituent: { Id: founder.id }, Membership: { Id: school.membershipId } });
      expect(claimed.status).toBe(201);
    });
    expect(events).toEqual([
      expect.objectContaining({ event: "school-admin.granted", actorId: founder.id, subjectId: founder.id, ip: loopback, details: expect.objectContaining({ schoolId: school.schoolId, via: "admin-seat" }) }),
    ]);
  });

  it("records a payment's fulfilment once, with the order and membership and no card data", async () => {
    const payer = await person("payer");
    const { agent, token } = await signedInBrowser(t.app, payer.email);
    const events = await recordedDuring(async () => {
      const basket = await agent.post("/account/add-to-basket/").set("X-CSRFToken", token).send(basketItem(payer.id));
      expect(basket.status).toBe(201);
      const sessionId = sessionIdIn(basket.body);
      expect((await payOnSandbox(agent, token, sessionId, "4242 4242 4242 4242")).status).toBe(303);
    });
    const order = await t.database.db.selectFrom("payment_orders").select(["id", "membership_id"]).where("constituent_id", "=", payer.id).executeTakeFirstOrThrow();
    expect(events).toEqual([
      expect.objectContaining({
        event: "payment.fulfilled",
        actorId: payer.id,
        subjectId: payer.id,
        ip: null,
        details: { orderId: order.id, membershipId: order.membership_id, planType: "individual-annual", organisationId: null },
      }),
    ]);
    expect(JSON.stringify(events)).not.toContain("4242");
  });

  it("keeps no password or token anywhere in the table, and refuses details that would hold one", async () => {
    const rows = await t.database.db.selectFrom("audit_events").select("details").execute();
    const text = JSON.stringify(rows);
    for (const secret of [strongPassword, newPassword, "Wrong-guess-1!"]) expect(text).not.toContain(secret);
    await expect(audit.record({ event: "sign-in.failed", details: { password: "x" } })).rejects.toThrow(/must not hold secrets/);
    await expect(audit.record({ event: "password.reset", details: { resetToken: "x" } })).rejects.toThrow(/must not hold secrets/);
  });

  it("lists from a moment on, oldest first, and prunes what is older", async () => {
    const own = createAuditLog(t.database.db, () => new Date("2020-01-01T10:00:00Z"));
    await own.record({ event: "account.deleted", subjectId: 999, details: { note: "old" } });
    const since = await audit.listSince(new Date("2020-01-01T10:00:00Z"));
    expect(since[0]).toMatchObject({ event: "account.deleted", subjectId: 999, occurredAt: "2020-01-01T10:00:00.000Z" });
    expect(since.map((record) => record.occurredAt)).toEqual([...since.map((record) => record.occurredAt)].sort());
    expect((await audit.listSince(new Date("2020-01-01T10:00:01Z"))).some((record) => record.subjectId === 999)).toBe(false);
    expect(await audit.pruneBefore(new Date("2021-01-01T00:00:00Z"))).toBe(1);
    expect((await audit.listSince(new Date(0))).some((record) => record.subjectId === 999)).toBe(false);
  });
});
