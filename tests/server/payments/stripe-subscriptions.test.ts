import request from "supertest";
import { freshToken, outboxFor } from "../accounts/support";
import { databaseEngines } from "../support/databases";
import { basketItem, orderRow, signedInPayer, type Payer } from "./support";
import { signedStripeEvent, stripeChargeRefunded, stripeWebhook, useStripeTestApp } from "./stripe-stand-in";

/*
 * The monthly plan as a Stripe subscription (issue 29): its checkout runs in
 * subscription mode; checkout.session.completed records the subscription
 * with the first month; each later invoice.paid extends the membership by a
 * month as an order of its own (once, even replayed at once); a failed
 * payment tells the member and leaves the membership to the end of what was
 * paid; customer.subscription.deleted stops it. Every event signed as Stripe
 * signs it.
 */
describe.each(databaseEngines)("the monthly plan as a Stripe subscription, on %s", (engine) => {
  const app = useStripeTestApp(engine);
  let people = 0;
  const notify = (webhook: { payload: string; headers: Record<string, string> }) =>
    request(app.t.app).post("/payments/notifications/stripe/").set(webhook.headers).send(webhook.payload);
  const subscriptionOf = (reference: string) =>
    app.t.database.db.selectFrom("payment_subscriptions").selectAll().where("provider_subscription_ref", "=", reference).executeTakeFirstOrThrow();
  const expiryOf = async (payer: Payer) => Date.parse((await app.crm.memberships(payer.id))[0]!.ExpirationDateTime);
  /** A subscription invoice as Stripe (API 2025-03-31 and later) names its subscription. */
  const invoice = (id: string, subscription: string, billingReason: string) => ({
    id,
    object: "invoice",
    billing_reason: billingReason,
    parent: { type: "subscription_details", subscription_details: { subscription } },
  });

  async function subscribed(): Promise<{ payer: Payer; sub: string; sessionId: string }> {
    const payer = await signedInPayer(app.t, `monthly${++people}-${engine}@example.com`);
    const calls = app.stripe.calls.length;
    const added = await payer.agent.post("/account/add-to-basket/").set("X-CSRFToken", payer.token).send(basketItem(payer.id, { PlanType: "individual-monthly" }));
    expect(added.status).toBe(201);
    const call = app.stripe.calls[calls]!;
    const form = Object.fromEntries(call.form);
    expect(form).toMatchObject({ mode: "subscription", "line_items[0][price_data][recurring][interval]": "month", "line_items[0][price_data][unit_amount]": "3999" });
    const sessionId = call.form.get("client_reference_id")!;
    expect(form["subscription_data[metadata][sessionId]"]).toBe(sessionId);
    const { provider_reference } = await orderRow(app.t.database.db, sessionId);
    const sub = `sub_${engine}_${people}`;
    const completed = stripeWebhook("checkout.session.completed", { id: provider_reference!, client_reference_id: sessionId, mode: "subscription", subscription: sub, customer: `cus_${people}` } as never);
    app.stripe.subscriptionStarted(provider_reference!, sub, `in_first_${sub}`);
    expect((await notify(completed)).status).toBe(200);
    return { payer, sub, sessionId };
  }

  it("records the subscription with the first month; each later payment extends the membership by a month, once; a failure tells the member; the end stops it", async () => {
    const { payer, sub, sessionId } = await subscribed();
    const first = await orderRow(app.t.database.db, sessionId);
    const subscription = await subscriptionOf(sub);
    expect(subscription).toMatchObject({ status: "active", renews: 1, period: "month", amount_pence: 3999, provider_customer_ref: `cus_${people}`, membership_id: first.membership_id });
    expect(Date.parse(subscription.current_period_end)).toBe(await expiryOf(payer));
    // The first invoice is the checkout's own payment: nothing more.
    expect((await notify(signedStripeEvent(`evt_create_${sub}`, "invoice.paid", invoice(`in_first_${sub}`, sub, "subscription_create")))).status).toBe(200);
    expect(await expiryOf(payer)).toBe(Date.parse(subscription.current_period_end));

    // Three renewals, the second told twice at once.
    let expiry = await expiryOf(payer);
    for (const month of [1, 2, 3]) {
      const paid = signedStripeEvent(`evt_paid_${sub}_${month}`, "invoice.paid", invoice(`in_${sub}_${month}`, sub, "subscription_cycle"));
      const answers = month === 2 ? await Promise.all([notify(paid), notify(paid)]) : [await notify(paid)];
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      const next = await expiryOf(payer);
      expect(next - expiry).toBeGreaterThanOrEqual(28 * 86_400_000);
      expect(next - expiry).toBeLessThanOrEqual(31 * 86_400_000);
      expiry = next;
    }
    const renewals = await app.t.database.db.selectFrom("payment_orders").selectAll().where("subscription_id", "=", subscription.id).where("session_id", "like", "renewal_%").execute();
    expect(renewals.map((order) => [order.status, order.amount_pence])).toEqual([["approved", 3999], ["approved", 3999], ["approved", 3999]]);
    expect(Date.parse((await subscriptionOf(sub)).current_period_end)).toBe(expiry);
    // A receipt for the first payment and each renewal.
    expect((await outboxFor(app.t.database.db, payer.email)).filter((mail) => mail.subject.startsWith("Your receipt"))).toHaveLength(4);

    // A failed payment: past due, the member told once, the membership unchanged.
    const failed = signedStripeEvent(`evt_failed_${sub}`, "invoice.payment_failed", invoice(`in_${sub}_4`, sub, "subscription_cycle"));
    await Promise.all([notify(failed), notify(failed)]);
    expect(await subscriptionOf(sub)).toMatchObject({ status: "past_due", failed_attempts: 1 });
    expect(await expiryOf(payer)).toBe(expiry);
    const told = (await outboxFor(app.t.database.db, payer.email)).filter((mail) => mail.subject === "Your membership payment was not taken");
    expect(told).toHaveLength(1);
    expect(told[0]!.text_body).toMatch(/update your card on the Membership tab of your account page; the next try uses it:\s+http:\/\/127\.0\.0\.1:3000\/account\/my-account\/#membership/);

    // Stripe gives up: the subscription ends and renews no more; the membership runs to the end of what was paid.
    expect((await notify(signedStripeEvent(`evt_deleted_${sub}`, "customer.subscription.deleted", { id: sub, object: "subscription", status: "canceled" }))).status).toBe(200);
    expect(await subscriptionOf(sub)).toMatchObject({ status: "ended", renews: 0 });
    expect(await expiryOf(payer)).toBe(expiry);
  });

  it("refunds a plan's payments, from the back office or in Stripe's dashboard: the first through the checkout's first invoice, a renewal through its own", async () => {
    const { sub, sessionId } = await subscribed();
    const first = await orderRow(app.t.database.db, sessionId);
    expect((await notify(signedStripeEvent(`evt_paid_${sub}_1`, "invoice.paid", invoice(`in_${sub}_1`, sub, "subscription_cycle")))).status).toBe(200);
    const renewal = await orderRow(app.t.database.db, `renewal_in_${sub}_1`);
    const refundsOf = (orderId: number) =>
      app.t.database.db.selectFrom("payment_refunds").select(["amount_pence", "started_by"]).where("order_id", "=", orderId).orderBy("id").execute();
    const refundedIntent = async (orderId: number, amountPence: number) => {
      const calls = app.stripe.calls.length;
      const refunded = await app.t.services.features.payments.refund({ orderId, amountPence, endMembership: false, staffId: 1, ip: "127.0.0.1" });
      expect(refunded).toEqual([expect.objectContaining({ amountPence, startedBy: "staff" })]);
      const create = app.stripe.calls.slice(calls).find((call) => call.path === "/v1/refunds")!;
      expect(create.form.get("amount")).toBe(String(amountPence));
      return create.form.get("payment_intent");
    };
    // A session in subscription mode has no PaymentIntent: its payment is its first invoice's.
    expect(await refundedIntent(first.id, 500)).toBe(`pi_for_in_first_${sub}`);
    expect(await refundedIntent(renewal.id, 1000)).toBe(`pi_for_in_${sub}_1`);

    // Refunds made in the dashboard, each told by charge.refunded with its payment's refunded total: on the order it paid.
    expect((await notify(stripeChargeRefunded(`in_${sub}_1`, 1500))).status).toBe(200);
    expect(await refundsOf(renewal.id)).toEqual([
      { amount_pence: 1000, started_by: "staff" },
      { amount_pence: 500, started_by: "provider" },
    ]);
    expect((await notify(stripeChargeRefunded(`in_first_${sub}`, 800))).status).toBe(200);
    expect(await refundsOf(first.id)).toEqual([
      { amount_pence: 500, started_by: "staff" },
      { amount_pence: 300, started_by: "provider" },
    ]);
  });

  it("tells Stripe when the member turns renewal off on the Membership tab (cancel at the period's end), and nothing changes when Stripe fails", async () => {
    const { payer, sub } = await subscribed();
    const { id } = await subscriptionOf(sub);
    const action = `/account/subscriptions/${id}/renewal/`;
    const token = await freshToken(payer.agent, "/account/my-account/");
    app.stripe.failWith(500);
    try {
      const failed = await payer.agent.post(action).type("form").set("Accept", "text/html").send({ _csrf: token, renews: "off" });
      expect(failed.status).toBe(502);
      expect(failed.text).toContain("We couldn&#39;t reach the payment provider, so nothing changed.");
    } finally {
      app.stripe.failWith(undefined);
    }
    expect((await subscriptionOf(sub)).renews).toBe(1);
    const calls = app.stripe.calls.length;
    const off = await payer.agent.post(action).type("form").send({ _csrf: token, renews: "off" });
    expect(off.status).toBe(303);
    const [update] = app.stripe.calls.slice(calls);
    expect(update).toMatchObject({ method: "POST", path: `/v1/subscriptions/${sub}` });
    expect(Object.fromEntries(update!.form)).toEqual({ cancel_at_period_end: "true" });
    expect((await subscriptionOf(sub)).renews).toBe(0);
  });

  it("checks an annual plan out as a yearly subscription by default, and as a one-off payment with renewal unticked", async () => {
    const payer = await signedInPayer(app.t, `yearly${++people}-${engine}@example.com`);
    for (const [renewal, mode] of [[undefined, "subscription"], [false, "payment"]] as const) {
      const calls = app.stripe.calls.length;
      const added = await payer.agent.post("/account/add-to-basket/").set("X-CSRFToken", payer.token).send(basketItem(payer.id, { PlanType: "individual-annual", RenewAutomatically: renewal }));
      expect(added.status).toBe(201);
      const form = Object.fromEntries(app.stripe.calls[calls]!.form);
      expect(form.mode).toBe(mode);
      expect(form["line_items[0][price_data][unit_amount]"]).toBe("6000");
      expect(form["line_items[0][price_data][recurring][interval]"]).toBe(mode === "subscription" ? "year" : undefined);
    }
  });

  it("opens Stripe's Customer Portal for the member to change their card, back to the Membership tab; not for anyone else's plan", async () => {
    const { payer, sub } = await subscribed();
    const { id } = await subscriptionOf(sub);
    const tab = await payer.agent.get("/account/my-account/").set("Accept", "text/html");
    expect(tab.text).toContain(`action="/account/subscriptions/${id}/card/"`);
    const token = await freshToken(payer.agent, "/account/my-account/");
    const calls = app.stripe.calls.length;
    const opened = await payer.agent.post(`/account/subscriptions/${id}/card/`).type("form").send({ _csrf: token });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_standin\d+$/);
    const [portal] = app.stripe.calls.slice(calls);
    expect(portal).toMatchObject({ method: "POST", path: "/v1/billing_portal/sessions" });
    expect(Object.fromEntries(portal!.form)).toEqual({ customer: `cus_${people}`, return_url: "http://127.0.0.1:3000/account/my-account/#membership" });

    const stranger = await signedInPayer(app.t, `portal-stranger${++people}-${engine}@example.com`);
    const refused = await stranger.agent.post(`/account/subscriptions/${id}/card/`).type("form").set("Accept", "text/html").send({ _csrf: await freshToken(stranger.agent, "/account/my-account/") });
    expect(refused.status).toBe(404);
    app.stripe.failWith(500);
    try {
      const failed = await payer.agent.post(`/account/subscriptions/${id}/card/`).type("form").set("Accept", "text/html").send({ _csrf: token });
      expect(failed.status).toBe(502);
      expect(failed.text).toContain("We couldn&#39;t reach the payment provider. Your card is unchanged; try again in a few minutes.");
    } finally {
      app.stripe.failWith(undefined);
    }
  });

  it("acknowledges events for a subscription it does not know, and refuses them unsigned", async () => {
    expect((await notify(signedStripeEvent("evt_unknown", "invoice.paid", invoice("in_unknown", "sub_unknown", "subscription_cycle")))).status).toBe(200);
    expect(await app.t.database.db.selectFrom("payment_orders").select("id").where("session_id", "=", "renewal_in_unknown").executeTakeFirst()).toBeUndefined();
    const forged = signedStripeEvent("evt_forged", "customer.subscription.deleted", { id: "sub_x", object: "subscription" }, "whsec_not_the_secret");
    expect((await notify(forged)).status).toBe(400);
  });
});
