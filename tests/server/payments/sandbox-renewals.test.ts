import { freshToken, outboxFor } from "../accounts/support";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { ids } from "../memberships/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { basketItem, orderRow, payOnSandbox, sessionIdIn, signedInPayer, type Payer } from "./support";

const day = 86_400_000;

/*
 * Plans renewing on the embedded sandbox (issue 29): monthly, and annual by default, driven by the
 * scheduler's "sandbox renewals" job with a clock the test controls: paid
 * with 4242…, each month is charged once (two processes at once included);
 * renewal turned off, it lapses; paid with 4000 0000 0000 0341, each charge
 * fails, the member is told, the card is tried 3 times, then it ends, the
 * membership running to the end of what was paid.
 */
describe.each(databaseEngines)("sandbox renewals of plans that renew, on %s", (engine) => {
  let t: TestApp;
  let crm: ReturnType<typeof createSqlCrm>;
  beforeAll(async () => {
    t = await createTestApp({ engine });
    crm = createSqlCrm(t.database.db, ids);
  });
  afterAll(() => t.close());

  let people = 0;
  async function monthlyMember(card: string) {
    return member(card, { PlanType: "individual-monthly" });
  }
  async function member(card: string, plan: Record<string, unknown>) {
    const payer = await signedInPayer(t, `renewing${++people}@example.com`);
    const added = await payer.agent.post("/account/add-to-basket/").set("X-CSRFToken", payer.token).send(basketItem(payer.id, plan));
    expect(added.status).toBe(201);
    const sessionId = sessionIdIn(added.body);
    // The hosted page offers the card whose renewals fail, for a plan that renews.
    expect((await payer.agent.get(`/payments/sandbox/checkout/${sessionId}/`)).text).toContain("<code>4000 0000 0000 0341</code> is approved now, and each renewal then fails");
    await payOnSandbox(payer.agent, payer.token, sessionId, card);
    const order = await orderRow(t.database.db, sessionId);
    expect(order.status).toBe("approved");
    const subscription = await t.database.db.selectFrom("payment_subscriptions").selectAll().where("constituent_id", "=", payer.id).executeTakeFirstOrThrow();
    return { payer: payer as Payer, subscription };
  }
  /** The receipt emails' bodies, oldest first. */
  async function receipts(payer: Payer): Promise<string[]> {
    return (await outboxFor(t.database.db, payer.email)).filter((mail) => mail.subject.startsWith("Your receipt")).map((mail) => mail.text_body ?? "");
  }
  const renew = (now: Date) => t.services.features.payments.renewSandboxSubscriptions(now);
  const expiryOf = async (payer: Payer) => Date.parse((await crm.memberships(payer.id))[0]!.ExpirationDateTime);
  const subscriptionRow = (id: number) => t.database.db.selectFrom("payment_subscriptions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("charges each month once, even with two processes at once, and lapses once renewal is turned off", async () => {
    const { payer, subscription } = await monthlyMember("4242 4242 4242 4242");
    expect(subscription).toMatchObject({ provider: "sandbox", period: "month", renews: 1, status: "active", provider_customer_ref: "sbx_cus_charged" });
    const firstEnd = Date.parse(subscription.current_period_end);
    expect(await expiryOf(payer)).toBe(firstEnd);

    await renew(new Date(firstEnd - 60_000));
    expect(await expiryOf(payer)).toBe(firstEnd);
    await Promise.all([renew(new Date(firstEnd + 60_000)), renew(new Date(firstEnd + 60_000))]);
    const secondEnd = await expiryOf(payer);
    expect(secondEnd - firstEnd).toBeGreaterThanOrEqual(28 * day);
    expect(secondEnd - firstEnd).toBeLessThanOrEqual(31 * day);
    expect(Date.parse((await subscriptionRow(subscription.id)).current_period_end)).toBe(secondEnd);
    const renewals = await t.database.db.selectFrom("payment_orders").select(["status", "amount_pence"]).where("subscription_id", "=", subscription.id).where("session_id", "like", "renewal_%").execute();
    expect(renewals).toEqual([{ status: "approved", amount_pence: 3999 }]);
    expect((await outboxFor(t.database.db, payer.email)).filter((mail) => mail.subject.startsWith("Your receipt"))).toHaveLength(2);

    // The Membership tab shows the plan and its next payment; the member turns renewal off there, without JavaScript.
    const tab = await payer.agent.get("/account/my-account/").set("Accept", "text/html");
    expect(tab.text).toContain("Your plan");
    expect(tab.text).toMatch(/<dt>Next payment<\/dt><dd>£39\.99 on \d{1,2} \w+ \d{4}<\/dd>/);
    const action = `/account/subscriptions/${subscription.id}/renewal/`;
    expect(tab.text).toContain(`action="${action}"`);
    const stranger = await signedInPayer(t, `stranger${people}@example.com`);
    const refused = await stranger.agent.post(action).type("form").set("Accept", "text/html").send({ _csrf: await freshToken(stranger.agent, "/account/my-account/"), renews: "off" });
    expect(refused.status).toBe(404);
    const garbled = await payer.agent.post(action).type("form").set("Accept", "text/html").send({ _csrf: await freshToken(payer.agent, "/account/my-account/"), renews: "maybe" });
    expect(garbled.status).toBe(400);
    expect(garbled.text).toContain("Choose whether your plan renews, then save your choice.");
    const off = await payer.agent.post(action).type("form").send({ _csrf: await freshToken(payer.agent, "/account/my-account/"), renews: "off" });
    expect(off.status).toBe(303);
    expect(off.headers.location).toBe("/account/my-account/#membership");
    const after = await payer.agent.get("/account/my-account/").set("Accept", "text/html");
    expect(after.text).toContain("Saved: your plan won&#39;t renew.");
    expect(after.text).toContain("<dt>Automatic renewal</dt><dd>Off</dd>");
    expect(after.text).toContain("Turn automatic renewal back on");
    expect(await subscriptionRow(subscription.id)).toMatchObject({ renews: 0, status: "active" });
    const audit = await t.database.db.selectFrom("audit_events").select("details").where("event", "=", "subscription.renewal-changed").where("actor_id", "=", payer.id).execute();
    expect(audit.map((entry) => JSON.parse(entry.details))).toEqual([{ subscriptionId: subscription.id, renews: "no" }]);

    // Turned off: at the period's end it ends, and the membership lapses then.
    await renew(new Date(secondEnd + 60_000));
    expect(await subscriptionRow(subscription.id)).toMatchObject({ status: "ended", renews: 0 });
    expect(await expiryOf(payer)).toBe(secondEnd);
    await renew(new Date(secondEnd + 40 * day));
    expect(await expiryOf(payer)).toBe(secondEnd);
  });

  it("renews an annual plan each year by default, and says so on the receipt; one bought with renewal off lapses at its end", async () => {
    // Nothing said: the annual plan renews (issue 29, "Annual plans renew automatically").
    const { payer, subscription } = await member("4242 4242 4242 4242", { PlanType: "individual-annual" });
    expect(subscription).toMatchObject({ period: "year", renews: 1, amount_pence: 6000, status: "active" });
    const firstEnd = Date.parse(subscription.current_period_end);
    expect(await expiryOf(payer)).toBe(firstEnd);
    expect(await receipts(payer)).toEqual([expect.stringContaining("Your plan renews automatically each year: the next payment of £60.00 is taken from the same card on")]);
    await Promise.all([renew(new Date(firstEnd + 60_000)), renew(new Date(firstEnd + 60_000))]);
    const secondEnd = await expiryOf(payer);
    expect(new Date(secondEnd).getUTCFullYear() - new Date(firstEnd).getUTCFullYear()).toBe(1);
    expect(Date.parse((await subscriptionRow(subscription.id)).current_period_end)).toBe(secondEnd);
    expect(await receipts(payer)).toHaveLength(2);

    // Unticked at checkout: a one-off payment, no subscription, no renewal line; at the year's end it lapses.
    const once = await signedInPayer(t, `once${people}@example.com`);
    const added = await once.agent.post("/account/add-to-basket/").set("X-CSRFToken", once.token).send(basketItem(once.id, { PlanType: "individual-annual", RenewAutomatically: false }));
    expect(added.status).toBe(201);
    const sessionId = sessionIdIn(added.body);
    expect((await once.agent.get(`/payments/sandbox/checkout/${sessionId}/`)).text).not.toContain("0341");
    await payOnSandbox(once.agent, once.token, sessionId, "4242 4242 4242 4242");
    expect((await orderRow(t.database.db, sessionId)).status).toBe("approved");
    expect(await t.database.db.selectFrom("payment_subscriptions").select("id").where("constituent_id", "=", once.id).execute()).toEqual([]);
    const [receipt] = await receipts(once);
    expect(receipt).not.toContain("renews automatically");
    const end = await expiryOf(once);
    await renew(new Date(end + 60_000));
    expect(await expiryOf(once)).toBe(end);
  });

  it("refuses a renewal choice that is not true or false, and renews the monthly plan whatever is sent", async () => {
    const payer = await signedInPayer(t, `garbled${++people}@example.com`);
    const garbled = await payer.agent.post("/account/add-to-basket/").set("X-CSRFToken", payer.token).send(basketItem(payer.id, { PlanType: "individual-annual", RenewAutomatically: "sometimes" }));
    expect(garbled.status).toBe(400);
    expect(garbled.body.errors.RenewAutomatically).toEqual(["Send RenewAutomatically as true or false."]);
    const { subscription } = await member("4242 4242 4242 4242", { PlanType: "individual-monthly", RenewAutomatically: false });
    expect(subscription).toMatchObject({ period: "month", renews: 1 });
  });

  it("with 4000 0000 0000 0341, each charge fails: the member is told each time, 3 tries 3 days apart, then it ends", async () => {
    const { payer, subscription } = await monthlyMember("4000 0000 0000 0341");
    expect(subscription.provider_customer_ref).toBe("sbx_cus_failing");
    const end = Date.parse(subscription.current_period_end);
    const told = async () => (await outboxFor(t.database.db, payer.email)).filter((mail) => mail.subject === "Your membership payment was not taken").length;

    await Promise.all([renew(new Date(end + 60_000)), renew(new Date(end + 60_000))]);
    expect(await subscriptionRow(subscription.id)).toMatchObject({ status: "past_due", failed_attempts: 1 });
    expect(await told()).toBe(1);
    // Not again before the retry is due.
    await renew(new Date(end + day));
    expect(await told()).toBe(1);
    await renew(new Date(end + 3 * day + 120_000));
    await renew(new Date(end + 6 * day + 180_000));
    expect(await subscriptionRow(subscription.id)).toMatchObject({ status: "past_due", failed_attempts: 3 });
    expect(await told()).toBe(3);
    await renew(new Date(end + 6 * day + 240_000));
    expect(await subscriptionRow(subscription.id)).toMatchObject({ status: "ended" });
    expect(await expiryOf(payer)).toBe(end);
  });
});
