import request from "supertest";
import { addSchool, currentRoles, ids, join } from "../server/memberships/support";
import { basketItem, orderRow, paymentRecords, sandboxNotification, sessionIdIn, signedInPayer, type Payer } from "../server/payments/support";
import { databaseEngines } from "../server/support/databases";
import { appPerSuite } from "./support";

/*
 * Issue 22, item 1: a new account (unverified email, no school) paid £60 for
 * a school that had an admin and became its admin, lowering its level and
 * seats. Now only the school's admin buys or renews it, a school with neither
 * admin nor membership only for a verified address at its domain, never to a
 * lower level or fewer users than hold a seat; and fulfilment asks again when
 * the payment arrives (ASVS 5.0 V8.2.1 function-level access, V8.2.2
 * data-specific access, V2.3.1 business steps in order).
 */
describe.each(databaseEngines)("buying a school's membership on %s", (engine) => {
  const suite = appPerSuite({ engine });

  let people = 0;
  const person = (domain: string, verified = true) => signedInPayer(suite.t, `person${++people}@${domain}`, { verified });
  const addToBasket = (payer: Payer, schoolId: number, numberOfUsers: number) =>
    payer.agent
      .post("/account/add-to-basket/")
      .set("X-CSRFToken", payer.token)
      .send(basketItem(payer.id, { PlanType: "school-annual", OrganisationConstituentId: schoolId, NumberOfUsers: numberOfUsers }));
  const notify = (raw: { rawBody: Buffer; headers: Record<string, string> }) =>
    request(suite.t.app).post("/payments/notifications/sandbox/").set(raw.headers).send(raw.rawBody.toString("utf8"));
  const checkedOut = async (payer: Payer, schoolId: number, numberOfUsers: number) => {
    const response = await addToBasket(payer, schoolId, numberOfUsers);
    expect(response.status).toBe(201);
    return sessionIdIn(response.body);
  };
  const paid = async (sessionId: string) => expect((await notify(await sandboxNotification(suite.t, sessionId, "approved"))).status).toBe(200);

  /** St Catherine's as the probe found it: level 96 (5 seats), 2 in use, and an admin. */
  async function schoolWithAdmin(domain: string) {
    const { schoolId, membershipId } = await addSchool(suite.t.database.db, suite.crm, { name: "St Catherine's College", kind: "independent", domains: [domain], seats: 5 });
    const admin = await person(domain);
    await join(suite.crm, schoolId, admin.id, "admin");
    const teachers = [await person(domain), await person(domain)];
    for (const teacher of teachers) await join(suite.crm, schoolId, teacher.id, "user");
    return { schoolId, membershipId, admin, teacher: teachers[0]! };
  }

  it("V8.2.1 V8.2.2 the probe: a new unverified account with no school cannot buy a school that has an admin (403); nothing changes", async () => {
    const { schoolId } = await schoolWithAdmin("stcatherines.example");
    const before = await paymentRecords(suite.t.database.db);
    const attacker = await signedInPayer(suite.t, `attacker${++people}@example.com`);
    const response = await addToBasket(attacker, schoolId, 1);
    expect(response.status).toBe(403);
    expect(response.body.errors.__all__[0]).toMatch(/^Only this school's admin can buy or renew its membership\. Ask them to do it, or contact us at \S+@\S+\.$/);
    expect(await paymentRecords(suite.t.database.db)).toEqual(before);
    expect(await suite.t.database.db.selectFrom("payment_orders").select("id").where("constituent_id", "=", attacker.id).execute()).toEqual([]);
    expect(await currentRoles(suite.crm, schoolId, attacker.id)).toEqual([]);
    expect(suite.t.logLines()).toContainEqual(expect.objectContaining({ level: 40, rule: "school-purchase:ask-admin", userId: attacker.id, msg: "basket refused" }));
  });

  it("V8.2.1 a teacher of the school who is not its admin cannot buy for it (403), even with a verified school address", async () => {
    const { schoolId, teacher } = await schoolWithAdmin("teacher-only.example");
    const before = await paymentRecords(suite.t.database.db);
    expect((await addToBasket(teacher, schoolId, 10)).status).toBe(403);
    expect(await paymentRecords(suite.t.database.db)).toEqual(before);
  });

  it("V2.2.1 even the admin cannot lower the level or buy fewer users than the seats in use (409, naming what is possible)", async () => {
    const { schoolId, admin } = await schoolWithAdmin("downgrade.example");
    const before = await paymentRecords(suite.t.database.db);
    const lower = await addToBasket(admin, schoolId, 1);
    expect(lower.status).toBe(409);
    expect(lower.body.errors.__all__).toEqual([
      "This school's membership covers up to 5 users, with 2 in use. A purchase can only renew or upgrade it: choose a plan for at least 5 users.",
    ]);
    expect(await paymentRecords(suite.t.database.db)).toEqual(before);
  });

  it("V8.2.1 the admin renews at the same level: fulfilled, the membership kept and extended, seats in use kept", async () => {
    const { schoolId, membershipId, admin } = await schoolWithAdmin("renewal.example");
    const expiresBefore = (await suite.crm.membershipSummary(membershipId))!.ExpirationDateTime;
    const sessionId = await checkedOut(admin, schoolId, 5);
    await paid(sessionId);
    expect((await orderRow(suite.t.database.db, sessionId)).status).toBe("approved");
    const renewed = (await suite.crm.membershipSummary(membershipId))!;
    expect(renewed.MembershipLevel.Id).toBe(96);
    expect(Date.parse(renewed.ExpirationDateTime)).toBeGreaterThan(Date.parse(expiresBefore));
    const userSeats = (await suite.crm.seatBenefits(membershipId)).find((seat) => seat.Benefit.Id === ids.seatBenefits.userSeat);
    expect(userSeats).toMatchObject({ TotalAvailable: 5, TotalRemaining: 3 });
  });

  it("V8.2.1 a school with no admin and no membership: only a verified address at its domain buys it, and becomes its admin", async () => {
    const { schoolId } = await addSchool(suite.t.database.db, suite.crm, { name: "Leicester Preparatory School", kind: "independent", domains: ["leicesterprep.example"] });
    const before = await paymentRecords(suite.t.database.db);
    expect((await addToBasket(await person("leicesterprep.example", false), schoolId, 3)).status).toBe(403);
    expect((await addToBasket(await person("elsewhere.example"), schoolId, 3)).status).toBe(403);
    expect(await paymentRecords(suite.t.database.db)).toEqual(before);
    const teacher = await person("leicesterprep.example");
    await paid(await checkedOut(teacher, schoolId, 3));
    expect(await currentRoles(suite.crm, schoolId, teacher.id)).toEqual([ids.affiliationTypes.admin]);
    expect((await suite.crm.memberships(schoolId)).map((membership) => membership.MembershipLevel.Id)).toEqual([96]);
  });

  it("V2.3.1 fulfilment asks again: the payer lost admin between checkout and payment, so nothing is granted and the order waits for a refund", async () => {
    const { schoolId, admin } = await schoolWithAdmin("lost-admin.example");
    const sessionId = await checkedOut(admin, schoolId, 10);
    const [adminRole] = await suite.crm.affiliations({ groupConstituentId: schoolId, individualConstituentId: admin.id });
    await suite.crm.endAffiliation(adminRole!.Id, new Date());
    const before = await paymentRecords(suite.t.database.db);
    const notification = await sandboxNotification(suite.t, sessionId, "approved");
    expect((await notify(notification)).status).toBe(200);
    const after = await paymentRecords(suite.t.database.db);
    expect({ ...after, orders: undefined, fulfilments: undefined }).toEqual({ ...before, orders: undefined, fulfilments: undefined });
    expect(await orderRow(suite.t.database.db, sessionId)).toMatchObject({ status: "unfulfilled", membership_id: null, fulfilled_at: null });
    expect(await currentRoles(suite.crm, schoolId, admin.id)).toEqual([]);
    const audit = await suite.t.database.db.selectFrom("audit_events").select(["event", "details"]).where("event", "=", "payment.unfulfilled").execute();
    expect(audit.map((entry) => JSON.parse(entry.details))).toContainEqual(expect.objectContaining({ organisationId: schoolId, reason: "ask-staff" }));
    // A retried notification changes nothing, and the payer is told what happened.
    const settled = await paymentRecords(suite.t.database.db);
    expect((await notify(notification)).status).toBe(200);
    expect(await paymentRecords(suite.t.database.db)).toEqual(settled);
    const order = await admin.agent.get(`/account/cart/orders/?sessionId=${sessionId}`).set("Accept", "application/json");
    expect(order.status).toBe(403);
    expect(order.body.errors.__all__[0]).toMatch(/will be refunded/);
  });

  it("V2.3.1 two first purchases for one unowned school: the first paid makes its admin, the second is not fulfilled", async () => {
    const { schoolId } = await addSchool(suite.t.database.db, suite.crm, { name: "Cambridge House School", kind: "independent", domains: ["cambridgehouse.example"] });
    const first = await person("cambridgehouse.example");
    const second = await person("cambridgehouse.example");
    const firstSession = await checkedOut(first, schoolId, 5);
    const secondSession = await checkedOut(second, schoolId, 10);
    await paid(firstSession);
    await paid(secondSession);
    expect((await orderRow(suite.t.database.db, secondSession)).status).toBe("unfulfilled");
    expect(await currentRoles(suite.crm, schoolId, first.id)).toEqual([ids.affiliationTypes.admin]);
    expect(await currentRoles(suite.crm, schoolId, second.id)).toEqual([]);
    expect((await suite.crm.memberships(schoolId)).map((membership) => membership.MembershipLevel.Id)).toEqual([96]);
  });
});
