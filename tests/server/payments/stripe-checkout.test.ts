import request from "supertest";
import { outboxFor } from "../accounts/support";
import { addSchool, ids } from "../memberships/support";
import { databaseEngines } from "../support/databases";
import { basketItem, orderRow, paymentRecords, signedInPayer, type Payer } from "./support";
import { stripeChargeRefunded, stripeWebhook, useStripeTestApp, testStripeKeys } from "./stripe-stand-in";

/*
 * PAYMENT_PROVIDER=stripe through the whole app: the Stripe SDK talks to a
 * local stand-in (its host/port/protocol options), and webhooks are signed as
 * Stripe signs them (generateTestHeaderString).
 */
describe.each(databaseEngines)("Stripe Checkout on %s", (engine) => {
  const app = useStripeTestApp(engine);

  let people = 0;
  const signedIn = () => signedInPayer(app.t, `stripe-payer${++people}@example.com`);

  /** Adds to the basket and answers the Checkout Session the adapter asked the stand-in for. */
  const checkout = async (payer: Payer, overrides: Record<string, unknown> = {}) => {
    const calls = app.stripe.calls.length;
    const response = await payer.agent.post("/account/add-to-basket/").set("X-CSRFToken", payer.token).send(basketItem(payer.id, overrides));
    expect(response.status).toBe(201);
    expect(app.stripe.calls).toHaveLength(calls + 1);
    const call = app.stripe.calls.at(-1)!;
    const sessionId = call.form.get("client_reference_id")!;
    const { provider_reference } = await orderRow(app.t.database.db, sessionId);
    return { response, call, sessionId, reference: provider_reference! };
  };

  const notify = (webhook: { payload: string; headers: Record<string, string> }) =>
    request(app.t.app).post("/payments/notifications/stripe/").set(webhook.headers).send(webhook.payload);
  const orderCall = (payer: Payer, sessionId: string) => payer.agent.get(`/account/cart/orders/?sessionId=${sessionId}`).set("Accept", "application/json");

  it("creates a Checkout Session with the server's price and return addresses, and answers its url as the REDIRECT link", async () => {
    const payer = await signedInPayer(app.t, `stripe-payer${++people}@stripe-academy.example`, { verified: true });
    const { schoolId } = await addSchool(app.t.database.db, app.crm, { name: "Stripe Academy", kind: "independent", domains: ["stripe-academy.example"] });
    const { response, call, sessionId, reference } = await checkout(payer, { PlanType: "school-annual", OrganisationConstituentId: schoolId, NumberOfUsers: 6, Price: 1, RenewAutomatically: false });
    expect(call.method).toBe("POST");
    expect(call.path).toBe("/v1/checkout/sessions");
    expect(call.authorization).toBe(`Bearer ${testStripeKeys.STRIPE_SECRET_KEY}`);
    const form = Object.fromEntries(call.form);
    const back = (status: string) => `http://127.0.0.1:3000/account/register/?paymentStatus=${status}&sessionId=${sessionId}`;
    expect(form).toEqual({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "gbp",
      "line_items[0][price_data][unit_amount]": "40000",
      "line_items[0][price_data][product_data][name]": expect.stringMatching(/\S/),
      client_reference_id: sessionId,
      "metadata[sessionId]": sessionId,
      customer_email: payer.email,
      success_url: back("approved"),
      cancel_url: back("cancelled"),
    });
    expect(sessionId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(reference).toMatch(/^cs_test_standin\d+$/);
    expect(response.body).toEqual({ success: true, payment: { links: [{ method: "REDIRECT", href: `https://checkout.stripe.com/c/pay/${reference}` }] } });
    expect((await orderRow(app.t.database.db, sessionId)).provider).toBe("stripe");
    // The sandbox's hosted page is not there when Stripe takes payments.
    expect((await payer.agent.get(`/payments/sandbox/checkout/${sessionId}/`)).status).toBe(404);
  });

  it("a verified checkout.session.completed fulfils once, even sent twice; the return address alone changes nothing", async () => {
    const payer = await signedIn();
    const { sessionId, reference } = await checkout(payer);
    const before = await paymentRecords(app.t.database.db);
    expect((await payer.agent.get(`/account/register/?paymentStatus=approved&sessionId=${sessionId}`)).status).toBe(200);
    expect((await orderCall(payer, sessionId)).status).toBe(409);
    expect(await paymentRecords(app.t.database.db)).toEqual(before);

    const completed = stripeWebhook("checkout.session.completed", { id: reference, client_reference_id: sessionId });
    expect((await notify(completed)).status).toBe(200);
    const once = await paymentRecords(app.t.database.db);
    expect((await notify(completed)).status).toBe(200);
    expect(await paymentRecords(app.t.database.db)).toEqual(once);
    expect((await orderRow(app.t.database.db, sessionId)).status).toBe("approved");
    expect(await app.crm.memberships(payer.id)).toHaveLength(1);
    expect(await outboxFor(app.t.database.db, payer.email)).toHaveLength(1);
    const order = await orderCall(payer, sessionId);
    expect(order.status).toBe(200);
    expect(order.body.details.Products[0].Membership.MembershipLevel.Id).toBe(ids.membershipLevels.individual);
    // A later expiry does not move a paid order back.
    expect((await notify(stripeWebhook("checkout.session.expired", { id: reference }))).status).toBe(200);
    expect(await paymentRecords(app.t.database.db)).toEqual(once);
  });

  it("refuses a bad or missing signature with 400 and changes nothing", async () => {
    const payer = await signedIn();
    const { sessionId, reference } = await checkout(payer);
    const before = await paymentRecords(app.t.database.db);
    const forged = stripeWebhook("checkout.session.completed", { id: reference }, "whsec_someone_else");
    expect((await notify(forged)).status).toBe(400);
    const genuine = stripeWebhook("checkout.session.completed", { id: reference });
    expect((await notify({ payload: genuine.payload.replace('"paid"', '"paid" '), headers: genuine.headers })).status).toBe(400);
    expect((await notify({ payload: genuine.payload, headers: { "content-type": "application/json" } })).status).toBe(400);
    expect(await paymentRecords(app.t.database.db)).toEqual(before);
    expect((await orderRow(app.t.database.db, sessionId)).status).toBe("pending");
    expect(app.t.logLines()).toContainEqual(expect.objectContaining({ level: 40, msg: "payment notification refused", provider: "stripe" }));
    // The sandbox's endpoint is not there either.
    expect((await request(app.t.app).post("/payments/notifications/sandbox/").set(genuine.headers).send(genuine.payload)).status).toBe(404);
  });

  it("acknowledges other events (200) and changes nothing; a completed but unpaid session waits", async () => {
    const payer = await signedIn();
    const { sessionId, reference } = await checkout(payer);
    const before = await paymentRecords(app.t.database.db);
    expect((await notify(stripeWebhook("payment_intent.succeeded", { id: "pi_123" }))).status).toBe(200);
    expect((await notify(stripeWebhook("charge.refunded", { id: reference }))).status).toBe(200);
    expect((await notify(stripeWebhook("checkout.session.completed", { id: reference, payment_status: "unpaid" }))).status).toBe(200);
    expect(await paymentRecords(app.t.database.db)).toEqual(before);
    expect((await orderRow(app.t.database.db, sessionId)).status).toBe("pending");
  });

  it("checkout.session.expired marks an unpaid order cancelled, and makes nothing", async () => {
    const payer = await signedIn();
    const { sessionId, reference } = await checkout(payer);
    const memberships = await app.t.database.db.selectFrom("memberships").select("id").execute();
    expect((await notify(stripeWebhook("checkout.session.expired", { id: reference }))).status).toBe(200);
    expect((await orderRow(app.t.database.db, sessionId)).status).toBe("cancelled");
    expect(await app.t.database.db.selectFrom("memberships").select("id").execute()).toEqual(memberships);
    expect((await orderCall(payer, sessionId)).status).toBe(409);
  });

  it("says what to do when Stripe cannot create the session, and logs it", async () => {
    const payer = await signedIn();
    // A 400 (not retried by the SDK), as Stripe answers a request it refuses.
    app.stripe.failWith(400);
    try {
      const response = await payer.agent.post("/account/add-to-basket/").set("X-CSRFToken", payer.token).send(basketItem(payer.id));
      expect(response.status).toBe(502);
      expect(response.body).toEqual({ success: false, errors: { __all__: [expect.stringContaining("Nothing was charged")] } });
    } finally {
      app.stripe.failWith(undefined);
    }
    expect(app.t.logLines()).toContainEqual(expect.objectContaining({ level: 50, msg: "checkout not created", provider: "stripe" }));
    expect(app.t.logText()).not.toContain(testStripeKeys.STRIPE_SECRET_KEY);
  });

  describe("refunds", () => {
    /** A paid one-off order (renewal unticked: a session in payment mode, with its own PaymentIntent), completed through the webhook. Plans that renew: stripe-subscriptions.test.ts. */
    const paidOrder = async () => {
      const payer = await signedIn();
      const { sessionId, reference } = await checkout(payer, { RenewAutomatically: false });
      expect((await notify(stripeWebhook("checkout.session.completed", { id: reference, client_reference_id: sessionId }))).status).toBe(200);
      const order = await orderRow(app.t.database.db, sessionId);
      return { payer, order, reference };
    };
    const refundsOf = (orderId: number) => app.t.database.db.selectFrom("payment_refunds").selectAll().where("order_id", "=", orderId).orderBy("id").execute();

    it("refunds through Stripe's refunds API: the session's PaymentIntent, the amount in pence, an idempotency key per refund", async () => {
      const { order, reference } = await paidOrder();
      const refunded = await app.t.services.features.payments.refund({ orderId: order.id, amountPence: 1000, endMembership: false, staffId: 1, ip: "127.0.0.1" });
      expect(refunded).toEqual([expect.objectContaining({ amountPence: 1000, providerReference: expect.stringMatching(/^re_standin/), startedBy: "staff" })]);
      const [retrieve, create] = app.stripe.calls.slice(-2);
      expect(retrieve).toMatchObject({ method: "GET", path: `/v1/checkout/sessions/${reference}` });
      expect(create).toMatchObject({ method: "POST", path: "/v1/refunds", idempotencyKey: `refund-${order.id}-1000` });
      expect(Object.fromEntries(create!.form)).toEqual({ payment_intent: `pi_for_${reference}`, amount: "1000" });

      // Stripe then tells of it (charge.refunded, total 1000): already recorded, so nothing more.
      expect((await notify(stripeChargeRefunded(reference, 1000))).status).toBe(200);
      expect(await refundsOf(order.id)).toHaveLength(1);
    });

    it("records a refund made in Stripe's dashboard (charge.refunded) once, sent twice at once; in full, the membership ends", async () => {
      const { payer, order, reference } = await paidOrder();
      const told = stripeChargeRefunded(reference, order.amount_pence);
      expect((await Promise.all([notify(told), notify(told)])).map((answer) => answer.status)).toEqual([200, 200]);
      expect(await refundsOf(order.id)).toEqual([expect.objectContaining({ amount_pence: order.amount_pence, started_by: "provider", membership_ended: 1 })]);
      const [membership] = await app.crm.memberships(payer.id);
      expect(Date.parse(membership!.ExpirationDateTime)).toBeLessThanOrEqual(Date.now());
    });

    it("says what to do when Stripe refuses the refund, and records nothing", async () => {
      const { order } = await paidOrder();
      app.stripe.failWith(402);
      try {
        const refused = await app.t.services.features.payments.refund({ orderId: order.id, amountPence: 500, endMembership: false, staffId: 1, ip: "127.0.0.1" });
        expect(refused).toMatchObject({ ok: false, reason: "provider-failed", message: "The payment provider did not make the refund. Nothing was refunded; try again in a minute." });
      } finally {
        app.stripe.failWith(undefined);
      }
      expect(await refundsOf(order.id)).toEqual([]);
    });
  });
});
