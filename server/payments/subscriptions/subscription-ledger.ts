import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { inTransaction } from "../../db/transactions";
import type { PaymentSubscriptionEventsTable, SubscriptionPeriod } from "../tables";
import { addBillingPeriod } from "../../domain/plans";

/*
 * The subscriptions' records (issue 29). Each provider event is applied under
 * a claim (payment_subscription_events, keyed by the provider's event id), in
 * the same transaction as its change: replayed, even concurrently, it is
 * applied once, as payment_fulfilments does for one-off payments.
 */

type Clock = () => Date;
type EventKind = PaymentSubscriptionEventsTable["kind"];

export interface NewSubscription {
  constituentId: number;
  organisationId: number | null;
  planType: string;
  levelId: number;
  numberOfUsers: number;
  amountPence: number;
  period: SubscriptionPeriod;
  provider: string;
  providerSubscriptionRef: string;
  providerCustomerRef: string | null;
  membershipId: number | null;
  renews: boolean;
  /** The end of the first period, paid at checkout. */
  currentPeriodEnd: Date;
}

export async function createSubscription(db: Kysely<Database>, subscription: NewSubscription, clock: Clock = () => new Date()): Promise<number> {
  const now = clock().toISOString();
  const row = await db
    .insertInto("payment_subscriptions")
    .values({
      constituent_id: subscription.constituentId,
      organisation_id: subscription.organisationId,
      plan_type: subscription.planType,
      level_id: subscription.levelId,
      number_of_users: subscription.numberOfUsers,
      amount_pence: subscription.amountPence,
      period: subscription.period,
      provider: subscription.provider,
      provider_subscription_ref: subscription.providerSubscriptionRef,
      provider_customer_ref: subscription.providerCustomerRef,
      membership_id: subscription.membershipId,
      renews: subscription.renews ? 1 : 0,
      current_period_end: subscription.currentPeriodEnd.toISOString(),
      next_attempt_at: null,
      created_at: now,
      updated_at: now,
      ended_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function subscriptionByRef(db: Kysely<Database>, providerSubscriptionRef: string) {
  return db.selectFrom("payment_subscriptions").selectAll().where("provider_subscription_ref", "=", providerSubscriptionRef).executeTakeFirst();
}

/** Claims `eventRef` for the subscription, then runs `apply` in the same transaction; false when already applied. */
async function applyOnce(db: Kysely<Database>, subscriptionId: number, eventRef: string, kind: EventKind, now: Date, apply: (trx: Kysely<Database>) => Promise<void>): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const claimed = await trx
      .insertInto("payment_subscription_events")
      .values({ event_ref: eventRef, subscription_id: subscriptionId, kind, applied_at: now.toISOString() })
      .onConflict((conflict) => conflict.doNothing())
      .returning("event_ref")
      .executeTakeFirst();
    if (!claimed) return false;
    await apply(trx);
    return true;
  });
}

/** A renewal paid: the period paid for moves on by one period from its end; failures are forgotten. Returns the new end, or null if already applied. */
export async function applyRenewalPaid(
  db: Kysely<Database>,
  subscriptionId: number,
  eventRef: string,
  clock: Clock = () => new Date(),
  /** The membership after renewal, which the plan renews from now on: a new record when Tessitura renews as one (docs/crm.md). */
  membershipId?: number,
): Promise<Date | null> {
  const now = clock();
  let periodEnd: Date | null = null;
  const applied = await applyOnce(db, subscriptionId, eventRef, "renewal_paid", now, async (trx) => {
    const row = await trx.selectFrom("payment_subscriptions").select(["current_period_end", "period"]).where("id", "=", subscriptionId).executeTakeFirstOrThrow();
    periodEnd = addBillingPeriod(new Date(row.current_period_end), row.period);
    await trx
      .updateTable("payment_subscriptions")
      .set({
        current_period_end: periodEnd.toISOString(),
        status: "active",
        failed_attempts: 0,
        next_attempt_at: null,
        updated_at: now.toISOString(),
        ...(membershipId !== undefined ? { membership_id: membershipId } : {}),
      })
      .where("id", "=", subscriptionId)
      .execute();
  });
  return applied ? periodEnd : null;
}

/** A renewal's payment failed: past due, one more failed attempt; the period paid for stays as it was. */
export async function applyRenewalFailed(db: Kysely<Database>, subscriptionId: number, eventRef: string, nextAttemptAt: Date | null, clock: Clock = () => new Date()): Promise<boolean> {
  const now = clock();
  return applyOnce(db, subscriptionId, eventRef, "renewal_failed", now, async (trx) => {
    await trx
      .updateTable("payment_subscriptions")
      .set((eb) => ({ status: "past_due", failed_attempts: eb("failed_attempts", "+", 1), next_attempt_at: nextAttemptAt?.toISOString() ?? null, updated_at: now.toISOString() }))
      .where("id", "=", subscriptionId)
      .execute();
  });
}

/** The subscription ended (Stripe's customer.subscription.deleted, or the sandbox giving up): it no longer renews. */
export async function applyEnded(db: Kysely<Database>, subscriptionId: number, eventRef: string, clock: Clock = () => new Date()): Promise<boolean> {
  const now = clock().toISOString();
  return applyOnce(db, subscriptionId, eventRef, "ended", clock(), async (trx) => {
    await trx
      .updateTable("payment_subscriptions")
      .set({ status: "ended", renews: 0, next_attempt_at: null, ended_at: now, updated_at: now })
      .where("id", "=", subscriptionId)
      .execute();
  });
}

/** The payer turned renewal off (or back on); an ended subscription stays ended. */
export async function setRenews(db: Kysely<Database>, subscriptionId: number, renews: boolean, clock: Clock = () => new Date()): Promise<boolean> {
  const result = await db
    .updateTable("payment_subscriptions")
    .set({ renews: renews ? 1 : 0, updated_at: clock().toISOString() })
    .where("id", "=", subscriptionId)
    .where("status", "!=", "ended")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A membership's plan by card that has not ended: who pays, the plan, how
 * much, how often, and whether it renews at the membership's end (renewal
 * on) or can be turned back on with the card on file (renewal off).
 * Undefined when there is none. The reminders' RenewalByCard
 * (server/memberships/membership-reminders.ts).
 */
export async function renewalByCard(db: Kysely<Database>, membershipId: number) {
  const row = await db
    .selectFrom("payment_subscriptions")
    .select(["constituent_id", "amount_pence", "period", "plan_type", "number_of_users", "renews"])
    .where("membership_id", "=", membershipId)
    .where("status", "!=", "ended")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row && { payerId: row.constituent_id, amountPence: row.amount_pence, period: row.period, planType: row.plan_type, numberOfUsers: row.number_of_users, renews: row.renews === 1 };
}
