import { addBillingPeriod } from "../../../server/domain/plans";
import { nextSandboxAttempt, SANDBOX_MAX_ATTEMPTS } from "../../../server/payments/subscriptions/renewal-schedule";
import { applyEnded, applyRenewalFailed, applyRenewalPaid, createSubscription, setRenews, subscriptionByRef } from "../../../server/payments/subscriptions/subscription-ledger";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";

describe("the renewal calendar", () => {
  it("adds a month (clamped to the month's end) or a year", () => {
    expect(addBillingPeriod(new Date("2026-01-31T09:00:00Z"), "month").toISOString()).toBe("2026-02-28T09:00:00.000Z");
    expect(addBillingPeriod(new Date("2026-11-28T09:00:00Z"), "month").toISOString()).toBe("2026-12-28T09:00:00.000Z");
    expect(addBillingPeriod(new Date("2028-02-29T09:00:00Z"), "year").toISOString()).toBe("2029-02-28T09:00:00.000Z");
  });

  it("retries a failed renewal after three days, and gives up after three attempts", () => {
    const failedAt = new Date("2026-12-28T09:00:00Z");
    expect(nextSandboxAttempt(failedAt, 1)?.toISOString()).toBe("2026-12-31T09:00:00.000Z");
    expect(nextSandboxAttempt(failedAt, SANDBOX_MAX_ATTEMPTS)).toBeNull();
  });
});

describe.each(databaseEngines)("the subscriptions' records on %s", (engine) => {
  let database: TestDatabase;
  let now: Date;
  const clock = () => now;

  beforeEach(async () => {
    database = await createTestDatabase(engine);
    now = new Date("2026-11-28T09:00:00Z");
  });
  afterEach(async () => {
    await database.dispose();
  });

  async function monthly(ref: string) {
    return createSubscription(
      database.db,
      {
        constituentId: 7, organisationId: null, planType: "individual-monthly", levelId: 95, numberOfUsers: 1, amountPence: 3_999,
        period: "month", provider: "sandbox", providerSubscriptionRef: ref, providerCustomerRef: null, membershipId: null, renews: true,
        currentPeriodEnd: new Date("2026-12-28T09:00:00Z"),
      },
      clock,
    );
  }

  it("renews a monthly plan three times, then a failing card ends it at the end of what was paid", async () => {
    const id = await monthly("sub_a");
    for (const [event, end] of [["ch_1", "2027-01-28"], ["ch_2", "2027-02-28"], ["ch_3", "2027-03-28"]] as const) {
      now = new Date((await subscriptionByRef(database.db, "sub_a"))!.current_period_end);
      expect((await applyRenewalPaid(database.db, id, event, clock))?.toISOString()).toBe(`${end}T09:00:00.000Z`);
    }
    for (let attempt = 1; attempt <= SANDBOX_MAX_ATTEMPTS; attempt += 1) {
      expect(await applyRenewalFailed(database.db, id, `ch_fail_${attempt}`, nextSandboxAttempt(now, attempt), clock)).toBe(true);
    }
    const pastDue = await subscriptionByRef(database.db, "sub_a");
    expect(pastDue).toMatchObject({ status: "past_due", failed_attempts: 3, next_attempt_at: null, current_period_end: "2027-03-28T09:00:00.000Z" });
    expect(await applyEnded(database.db, id, "end_sub_a", clock)).toBe(true);
    expect(await subscriptionByRef(database.db, "sub_a")).toMatchObject({ status: "ended", renews: 0, current_period_end: "2027-03-28T09:00:00.000Z" });
    expect(await setRenews(database.db, id, true, clock)).toBe(false);
  });

  it("follows the membership a renewal answers (a new record when Tessitura renews as one), and keeps it when none is given", async () => {
    const id = await monthly("sub_follow");
    const membershipOf = async () => (await database.db.selectFrom("payment_subscriptions").select("membership_id").where("id", "=", id).executeTakeFirstOrThrow()).membership_id;
    await applyRenewalPaid(database.db, id, "ch_follow_1", clock, 4242);
    expect(await membershipOf()).toBe(4242);
    await applyRenewalPaid(database.db, id, "ch_follow_2", clock);
    expect(await membershipOf()).toBe(4242);
  });

  it("applies each event once, even replayed concurrently", async () => {
    const id = await monthly("sub_b");
    const results = await Promise.all(Array.from({ length: 5 }, () => applyRenewalPaid(database.db, id, "in_replayed", clock)));
    expect(results.filter((end) => end !== null)).toHaveLength(1);
    expect((await subscriptionByRef(database.db, "sub_b"))!.current_period_end).toBe("2027-01-28T09:00:00.000Z");
    const failures = await Promise.all(Array.from({ length: 5 }, () => applyRenewalFailed(database.db, id, "in_failed", null, clock)));
    expect(failures.filter(Boolean)).toHaveLength(1);
    expect((await subscriptionByRef(database.db, "sub_b"))!.failed_attempts).toBe(1);
  });

  it("turns renewal off and back on", async () => {
    const id = await monthly("sub_c");
    expect(await setRenews(database.db, id, false, clock)).toBe(true);
    expect((await subscriptionByRef(database.db, "sub_c"))!.renews).toBe(0);
    expect(await setRenews(database.db, id, true, clock)).toBe(true);
    expect((await subscriptionByRef(database.db, "sub_c"))!.renews).toBe(1);
  });
});
