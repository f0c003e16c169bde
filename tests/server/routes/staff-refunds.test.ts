import request from "supertest";
import { createSandboxProvider } from "../../../server/payments/sandbox-provider";
import { addRenewingPlan } from "../payments/support";
import { addPerson } from "../accounts/support";
import { addMember, addSchool, crmOf, currentRoles, join, userSeatsRemaining } from "../memberships/support";
import { mailTo } from "../requests/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { enrolledStaff, staffToken, type EnrolledStaff } from "../staff/support";

/*
 * Refunds (issue 28 "Orders", issue 29 "Refunds"; docs/payments.md): finance
 * staff refund a paid order through the payment port (the sandbox here; the
 * Stripe adapter in stripe-checkout.test.ts), in full or in part, choosing
 * whether the membership ends; a refund made at the provider is recorded
 * once however often it is told. Each is on the order, receipted and audited.
 */

describe.each(databaseEngines)("refunds on %s", (engine) => {
  let t: TestApp;
  let finance: EnrolledStaff;
  let membership: EnrolledStaff;
  let count = 0;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    finance = await enrolledStaff(t, "finance");
    membership = await enrolledStaff(t, "membership");
  });
  afterAll(() => t.close());

  /** A paid individual order (45.00) that gave its payer a year's membership. */
  async function paidIndividualOrder() {
    count += 1;
    const email = `payer${count}@example.org`;
    const payer = await addPerson(t.database.db, { email, firstName: "Payer" });
    const now = new Date();
    const { Id: membershipId } = await crmOf(t).createMembership({ constituentId: payer, levelId: 95, initiation: now, expiration: new Date(now.getTime() + 365 * 86_400_000), seats: [] });
    const order = await insertOrder({ payer, membershipId, amount: 4500, organisation: null });
    return { payer, email, membershipId, orderId: order.id, reference: order.provider_reference! };
  }

  async function insertOrder(order: { payer: number; membershipId: number; amount: number; organisation: number | null }) {
    const at = new Date().toISOString();
    return t.database.db
      .insertInto("payment_orders")
      .values({
        session_id: `refundable-${count}`,
        constituent_id: order.payer,
        organisation_id: order.organisation,
        plan_type: order.organisation ? "school-annual" : "individual-annual",
        number_of_users: order.organisation ? 5 : 1,
        level_id: order.organisation ? 96 : 95,
        amount_pence: order.amount,
        status: "approved",
        provider: "sandbox",
        provider_reference: `sbx_paid_${count}`,
        membership_id: order.membershipId,
        created_at: at,
        updated_at: at,
        fulfilled_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async function refund(staff: EnrolledStaff, orderId: number, fields: Record<string, string>) {
    const token = await staffToken(staff.agent, "/staff/");
    return staff.agent.post(`/staff/orders/${orderId}/refund/`).type("form").set("Accept", "text/html").send({ _csrf: token, ...fields });
  }

  const refundsOf = (orderId: number) => t.database.db.selectFrom("payment_refunds").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
  const expiryOf = async (membershipId: number) => Date.parse((await crmOf(t).membershipSummary(membershipId))!.ExpirationDateTime);

  it("a full refund that ends the membership stops the plan renewing it, so the card is not charged for it again; a partial one leaves it renewing", async () => {
    const renewing = async (paid: Awaited<ReturnType<typeof paidIndividualOrder>>) => {
      const id = await addRenewingPlan(t.database.db, {
        constituentId: paid.payer,
        membershipId: paid.membershipId,
        providerSubscriptionRef: `sbx_sub_refund_${paid.orderId}`,
        currentPeriodEnd: new Date(Date.now() + 365 * 86_400_000),
      });
      return async () => (await t.database.db.selectFrom("payment_subscriptions").select("renews").where("id", "=", id).executeTakeFirstOrThrow()).renews;
    };
    const partly = await paidIndividualOrder();
    const partlyRenews = await renewing(partly);
    expect((await refund(finance, partly.orderId, { amount: "10.00", membership: "keep" })).status).toBe(303);
    expect(await partlyRenews()).toBe(1);

    const fully = await paidIndividualOrder();
    const fullyRenews = await renewing(fully);
    expect((await refund(finance, fully.orderId, { amount: "45.00", membership: "end" })).status).toBe(303);
    expect(await fullyRenews()).toBe(0);
  });

  it("refunds in full and ends the membership: recorded, receipted, audited; a second refund finds nothing left", async () => {
    const paid = await paidIndividualOrder();
    const page = await finance.agent.get(`/staff/orders/${paid.orderId}/`).set("Accept", "text/html");
    expect(page.text).toContain('name="amount" type="text" value="45.00"');

    const refunded = await refund(finance, paid.orderId, { amount: "£45.00", membership: "end" });
    expect(refunded.status).toBe(303);
    expect(await refundsOf(paid.orderId)).toEqual([
      expect.objectContaining({ amount_pence: 4500, refunded_total_pence: 4500, started_by: "staff", membership_ended: 1, provider_reference: expect.stringMatching(/^sbx_re_/) }),
    ]);
    expect(await expiryOf(paid.membershipId)).toBeLessThanOrEqual(Date.now());
    const [receipt] = await mailTo(t.database.db, paid.email);
    expect(receipt).toMatchObject({ template: "refund-receipt" });
    expect(receipt!.text_body).toContain("We have refunded £45.00 of your payment.");
    expect(receipt!.text_body).toContain("The membership this payment gave has ended with the refund.");
    const audit = await t.database.db.selectFrom("audit_events").selectAll().where("event", "=", "payment.refunded").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ subject_id: paid.payer, record_type: "order", record_id: String(paid.orderId) });
    expect(audit.staff_actor_id).toEqual(expect.any(Number));
    expect(JSON.parse(audit.record_after!)).toEqual({ refundedPence: 4500 });

    const shown = await finance.agent.get(`/staff/orders/${paid.orderId}/`).set("Accept", "text/html");
    expect(shown.text).toContain("£45.00 refunded, and the membership ended.");
    expect(shown.text).not.toContain(`action="/staff/orders/${paid.orderId}/refund/"`);
    const again = await refund(finance, paid.orderId, { amount: "1.00", membership: "keep" });
    expect(again.status).toBe(409);
    expect(again.text).toContain("This order has been refunded in full already.");
  });

  it("refunds in part and keeps the membership; more than is left, or no amount, is the page again with the reason", async () => {
    const paid = await paidIndividualOrder();
    const before = await expiryOf(paid.membershipId);
    expect((await refund(finance, paid.orderId, { amount: "10.5", membership: "keep" })).status).toBe(303);
    expect(await expiryOf(paid.membershipId)).toBe(before);
    expect(await refundsOf(paid.orderId)).toEqual([expect.objectContaining({ amount_pence: 1050, refunded_total_pence: 1050, membership_ended: 0 })]);

    const tooMuch = await refund(finance, paid.orderId, { amount: "34.51", membership: "keep" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.text).toContain("Enter an amount from £0.01 to £34.50, what is left to refund.");
    expect(tooMuch.text).toContain('value="34.51"');
    const words = await refund(finance, paid.orderId, { amount: "ten pounds", membership: "keep" });
    expect(words.status).toBe(400);
    expect(words.text).toContain("Enter the amount in pounds, for example 45.00.");
    expect(await refundsOf(paid.orderId)).toHaveLength(1);
  });

  it("ends a school's membership with a full refund: every seat in it is given back", async () => {
    count += 1;
    const crm = crmOf(t);
    const school = await addSchool(t.database.db, crm, { name: `Refund Academy ${count}`, kind: "independent", seats: 5 });
    const teacher = await addMember(t.database.db, `teacher.refund${count}@example.org`);
    await join(crm, school.schoolId, teacher, "user");
    expect(await userSeatsRemaining(crm, school.membershipId!)).toBe(4);
    const admin = await addPerson(t.database.db, { email: `bursar${count}@example.org`, firstName: "Bursar" });
    const order = await insertOrder({ payer: admin, membershipId: school.membershipId!, amount: 30000, organisation: school.schoolId });

    expect((await refund(finance, order.id, { amount: "300", membership: "end" })).status).toBe(303);
    expect(await currentRoles(crm, school.schoolId, teacher)).toEqual([]);
    expect(await userSeatsRemaining(crm, school.membershipId!)).toBe(5);
    expect(await expiryOf(school.membershipId!)).toBeLessThanOrEqual(Date.now());
  });

  it("emails the receipt again to the payer, audited; an order never paid has none", async () => {
    const paid = await paidIndividualOrder();
    const token = await staffToken(finance.agent, "/staff/");
    const sent = await finance.agent.post(`/staff/orders/${paid.orderId}/receipt/`).type("form").send({ _csrf: token });
    expect(sent.status).toBe(303);
    const [receipt] = await mailTo(t.database.db, paid.email);
    expect(receipt).toMatchObject({ template: "receipt" });
    expect(receipt!.text_body).toContain("Amount: £45.00");
    expect(receipt!.text_body).toContain(`Reference: ${paid.reference}`);
    const audit = await t.database.db.selectFrom("audit_events").selectAll().where("event", "=", "payment.receipt-resent").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ record_type: "order", record_id: String(paid.orderId) });

    await t.database.db.updateTable("payment_orders").set({ status: "pending", fulfilled_at: null }).where("id", "=", paid.orderId).execute();
    await finance.agent.post(`/staff/orders/${paid.orderId}/receipt/`).type("form").send({ _csrf: token });
    expect((await finance.agent.get(`/staff/orders/${paid.orderId}/`).set("Accept", "text/html")).text).toContain("Only a paid order has a receipt.");
    expect(await mailTo(t.database.db, paid.email)).toHaveLength(1);
  });

  it("is refused to the membership role on the server (403), refunding nothing", async () => {
    const paid = await paidIndividualOrder();
    expect((await refund(membership, paid.orderId, { amount: "45.00", membership: "end" })).status).toBe(403);
    expect(await refundsOf(paid.orderId)).toEqual([]);
  });

  it("records a refund made at the provider once, however often and at once it is told; in full, the membership ends", async () => {
    const paid = await paidIndividualOrder();
    const sandbox = createSandboxProvider({ webhookSecret: t.config.paymentWebhookSecret });
    const tell = (total: number) => {
      const { rawBody, headers } = sandbox.refundNotification(paid.reference, total);
      // A string is sent byte for byte (supertest would turn a Buffer into JSON).
      return request(t.app).post("/payments/notifications/sandbox/").set(headers).send(rawBody.toString("utf8"));
    };
    const answers = await Promise.all([tell(1000), tell(1000), tell(1000)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await refundsOf(paid.orderId)).toEqual([expect.objectContaining({ amount_pence: 1000, refunded_total_pence: 1000, started_by: "provider", membership_ended: 0 })]);

    await Promise.all([tell(4500), tell(4500)]);
    expect(await refundsOf(paid.orderId)).toEqual([
      expect.objectContaining({ refunded_total_pence: 1000 }),
      expect.objectContaining({ amount_pence: 3500, refunded_total_pence: 4500, started_by: "provider", membership_ended: 1 }),
    ]);
    expect(await expiryOf(paid.membershipId)).toBeLessThanOrEqual(Date.now());
    expect((await mailTo(t.database.db, paid.email)).filter((mail) => mail.template === "refund-receipt")).toHaveLength(2);
  });
});
