import request from "supertest";
import Stripe from "stripe";
import { signSandboxBody } from "../../server/payments/sandbox-signature";
import { addPerson, browserOnLoginPage, freshToken, signInAs } from "../server/accounts/support";
import { addSchool } from "../server/memberships/support";
import { basketItem, orderRow, paymentRecords, payOnSandbox, sandboxNotification, sessionIdIn, signedInPayer, type Payer } from "../server/payments/support";
import { startStripeStandIn, stripeWebhook, testStripeKeys, type StripeStandIn } from "../server/payments/stripe-stand-in";
import { databaseEngines } from "../server/support/databases";
import { createTestApp, type TestApp } from "../server/support/test-app";
import { appPerSuite } from "./support";

/*
 * Forged payment returns and notifications (docs/payments.md). The browser's
 * return address is only a hint (ASVS 5.0 V2.3.1: no step skipped); a
 * provider's notification is believed only with a valid signature over the
 * raw body (V4.1.5 per-message signatures), within Stripe's timestamp
 * tolerance, and fulfils an order once whatever is replayed (V2.3.3); prices
 * come from the server, never the request (V2.2.2); an order is the payer's
 * alone (V8.2.2).
 */

const approvedCard = "4242 4242 4242 4242";

describe.each(databaseEngines)("forged payments with the sandbox provider on %s", (engine) => {
  const suite = appPerSuite({ engine });


  let people = 0;
  const signedIn = () => signedInPayer(suite.t, `forger${++people}@example.com`);

  const checkout = async (payer: Payer, overrides: Record<string, unknown> = {}) => {
    const response = await payer.agent.post("/account/add-to-basket/").set("X-CSRFToken", payer.token).send(basketItem(payer.id, overrides));
    expect(response.status).toBe(201);
    return sessionIdIn(response.body);
  };
  const orderCall = (payer: Payer, sessionId: string) => payer.agent.get(`/account/cart/orders/?sessionId=${sessionId}`).set("Accept", "application/json");
  const notify = (raw: { rawBody: Buffer; headers: Record<string, string> }) =>
    request(suite.t.app).post("/payments/notifications/sandbox/").set(raw.headers).send(raw.rawBody.toString("utf8"));
  /** A notification body of the test's choosing, signed with the app's own key, as only the provider could. */
  const signed = (body: object) => {
    const rawBody = Buffer.from(JSON.stringify(body));
    return { rawBody, headers: { "content-type": "application/json", "sandbox-signature": signSandboxBody(suite.t.config.paymentWebhookSecret, rawBody) } };
  };

    it("V2.2.2 ignores a tampered price and level: both come from the plan type and number of users", async () => {
      // A verified teacher of a school with no admin and no membership: allowed to buy its first membership.
      const payer = await signedInPayer(suite.t, `forger${++people}@tamper.example`, { verified: true });
      const { schoolId } = await addSchool(suite.t.database.db, suite.crm, { name: "Tamper Academy", kind: "independent", domains: ["tamper.example"] });
      const sessionId = await checkout(payer, {
        PlanType: "school-annual",
        OrganisationConstituentId: schoolId,
        NumberOfUsers: 2,
        MembershipLevelId: 97,
        Price: 1,
        Amount: 0.01,
        amount_pence: 1,
      });
      const order = await orderRow(suite.t.database.db, sessionId);
      expect(order).toMatchObject({ level_id: 96, amount_pence: 25000, number_of_users: 2, organisation_id: schoolId, status: "pending" });
      expect((await payer.agent.get(`/payments/sandbox/checkout/${sessionId}/`)).text).toContain("£250.00");
    });


    it("V2.3.1 a forged approved return creates nothing: the unpaid order answers 409 and no membership appears", async () => {
      const payer = await signedIn();
      const sessionId = await checkout(payer);
      const before = await paymentRecords(suite.t.database.db);
      expect((await payer.agent.get(`/account/register/?paymentStatus=approved&sessionId=${sessionId}`)).status).toBe(200);
      const order = await orderCall(payer, sessionId);
      expect(order.status).toBe(409);
      expect(order.body).toEqual({ success: false, errors: { __all__: ["Payment processing failed. Please try again."] } });
      expect(await paymentRecords(suite.t.database.db)).toEqual(before);
    });


    it("V8.2.2 answers another user's sessionId with 404, as an unknown one", async () => {
      const payer = await signedIn();
      const sessionId = await checkout(payer);
      expect((await payOnSandbox(payer.agent, payer.token, sessionId, approvedCard)).status).toBe(303);
      const stranger = await signedIn();
      const theirs = await orderCall(stranger, sessionId);
      const unknown = await orderCall(stranger, "A".repeat(32));
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual({ success: false, errors: { __all__: [expect.any(String)] } });
      expect(theirs.body).toEqual(unknown.body);
      expect((await orderCall(payer, sessionId)).status).toBe(200);
    });


    it("V4.1.5 refuses a notification with a bad signature (400) and changes nothing", async () => {
      const payer = await signedIn();
      const sessionId = await checkout(payer);
      const { rawBody, headers } = await sandboxNotification(suite.t, sessionId, "approved");
      const before = await paymentRecords(suite.t.database.db);
      const tampered = Buffer.from(rawBody.toString().replace("payment.approved", "payment.approved "));
      expect((await notify({ rawBody: tampered, headers })).status).toBe(400);
      expect((await notify({ rawBody, headers: { ...headers, "sandbox-signature": "0".repeat(64) } })).status).toBe(400);
      expect((await notify({ rawBody, headers: { "content-type": "application/json" } })).status).toBe(400);
      expect(await paymentRecords(suite.t.database.db)).toEqual(before);
      expect((await orderRow(suite.t.database.db, sessionId)).status).toBe("pending");
      expect(suite.t.logLines()).toContainEqual(expect.objectContaining({ level: 40, msg: "payment notification refused" }));
      // Another provider's path is not an endpoint at all.
      const elsewhere = await request(suite.t.app).post("/payments/notifications/stripe/").set(headers).send(rawBody.toString("utf8"));
      expect(elsewhere.status).toBe(404);
      expect(await paymentRecords(suite.t.database.db)).toEqual(before);
    });

  it("V2.3.3 a replayed approval fulfils once, and a replayed old decline or cancel cannot undo a payment", async () => {
    const payer = await signedIn();
    const sessionId = await checkout(payer);
    const declined = await sandboxNotification(suite.t, sessionId, "declined");
    const cancelled = await sandboxNotification(suite.t, sessionId, "cancelled");
    const approved = await sandboxNotification(suite.t, sessionId, "approved");
    expect((await notify(approved)).status).toBe(200);
    const once = await paymentRecords(suite.t.database.db);
    expect((await orderRow(suite.t.database.db, sessionId)).status).toBe("approved");
    for (const replay of [approved, declined, cancelled, approved]) expect((await notify(replay)).status).toBe(200);
    expect(await paymentRecords(suite.t.database.db)).toEqual(once);
    expect((await orderRow(suite.t.database.db, sessionId)).status).toBe("approved");
  });

  it("V2.2.2 takes no amount or level from a notification: the order is fulfilled at the server's price and level", async () => {
    const payer = await signedIn();
    const sessionId = await checkout(payer);
    const { provider_reference, amount_pence, level_id } = await orderRow(suite.t.database.db, sessionId);
    const response = await notify(signed({ type: "payment.approved", reference: provider_reference, amount: 1, amount_pence: 1, level_id: 97, currency: "XXX" }));
    expect(response.status).toBe(200);
    const order = await orderRow(suite.t.database.db, sessionId);
    expect(order).toMatchObject({ status: "approved", amount_pence, level_id });
    const membership = await suite.t.database.db.selectFrom("memberships").select("membership_level_id").where("id", "=", order.membership_id!).executeTakeFirstOrThrow();
    expect(membership.membership_level_id).toBe(level_id);
  });

  it("V4.1.5 a signed notification for no known order, or of an unknown type, changes nothing", async () => {
    const payer = await signedIn();
    const sessionId = await checkout(payer);
    const before = await paymentRecords(suite.t.database.db);
    expect((await notify(signed({ type: "payment.approved", reference: "sbx_000000000000000000000000" }))).status).toBe(200);
    const { provider_reference } = await orderRow(suite.t.database.db, sessionId);
    expect((await notify(signed({ type: "payment.refund_everything", reference: provider_reference }))).status).toBe(200);
    expect((await notify(signed({ type: "payment.approved", reference: [provider_reference] }))).status).toBe(400);
    expect(await paymentRecords(suite.t.database.db)).toEqual(before);
  });

  it("V3.5.1 the sandbox's card form needs the CSRF token: a cross-site post pays nothing", async () => {
    const payer = await signedIn();
    const sessionId = await checkout(payer);
    const before = await paymentRecords(suite.t.database.db);
    const forged = await payer.agent.post(`/payments/sandbox/checkout/${sessionId}/`).type("form").send({ cardNumber: approvedCard });
    expect(forged.status).toBe(403);
    expect(await paymentRecords(suite.t.database.db)).toEqual(before);
    expect((await payOnSandbox(payer.agent, payer.token, sessionId, approvedCard)).status).toBe(303);
  });
});

describe.each(databaseEngines)("forged payments with Stripe on %s", (engine) => {
  let t: TestApp;
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp({ engine, env: { PAYMENT_PROVIDER: "stripe", ...testStripeKeys }, stripeApi: stripe.api });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const notify = (webhook: { payload: string; headers: Record<string, string> }) =>
    request(t.app).post("/payments/notifications/stripe/").set(webhook.headers).send(webhook.payload);

  async function pendingOrder() {
    const email = `stripe-forger${Math.random().toString(36).slice(2)}@example.com`;
    const id = await addPerson(t.database.db, { email });
    const { agent, token } = await browserOnLoginPage(t.app);
    await signInAs(agent, token, email);
    const response = await agent.post("/account/add-to-basket/").set("X-CSRFToken", await freshToken(agent)).send(basketItem(id));
    expect(response.status).toBe(201);
    const sessionId = stripe.calls.at(-1)!.form.get("client_reference_id")!;
    return { sessionId, reference: (await orderRow(t.database.db, sessionId)).provider_reference! };
  }

  it("V4.1.5 refuses a correctly signed webhook whose timestamp is older than Stripe's five-minute tolerance (a replay)", async () => {
    const { sessionId, reference } = await pendingOrder();
    const fresh = stripeWebhook("checkout.session.completed", { id: reference });
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const stale = Stripe.webhooks.generateTestHeaderString({ payload: fresh.payload, secret: testStripeKeys.STRIPE_WEBHOOK_SECRET, timestamp: tenMinutesAgo });
    const before = await paymentRecords(t.database.db);
    expect((await notify({ payload: fresh.payload, headers: { ...fresh.headers, "stripe-signature": stale } })).status).toBe(400);
    expect(await paymentRecords(t.database.db)).toEqual(before);
    expect((await orderRow(t.database.db, sessionId)).status).toBe("pending");
  });

  it("V2.3.3 a replayed (fresh) completion fulfils the order once", async () => {
    const { sessionId, reference } = await pendingOrder();
    const webhook = stripeWebhook("checkout.session.completed", { id: reference });
    expect((await notify(webhook)).status).toBe(200);
    const once = await paymentRecords(t.database.db);
    expect((await notify(webhook)).status).toBe(200);
    expect((await notify(stripeWebhook("checkout.session.expired", { id: reference }))).status).toBe(200);
    expect(await paymentRecords(t.database.db)).toEqual(once);
    expect((await orderRow(t.database.db, sessionId)).status).toBe("approved");
  });
});
