import type { Kysely, Selectable } from "kysely";
import type { AuditLog } from "../../audit";
import { hotQuery } from "../../db/hot-query";
import type { Database } from "../../db/schema";
import { formatLondonDate } from "../../domain/membership-status";
import { formatPounds } from "../../domain/plans";
import type { Logger } from "../../logging";
import { refuse, type Outcome } from "../../shared/refusal";
import { submittedRecord } from "../../domain/submitted-fields";
import type { ProviderRecurring } from "../payment-port";
import type { PaymentSubscriptionsTable } from "../tables";
import { setRenews } from "./subscription-ledger";

/*
 * A member's plans that renew, and their choice to stop (or restart) the
 * renewal (issue 29; docs/payments.md, "Plans that renew"), shown on My
 * account's Membership tab with the card each renews with (changed on the
 * provider's own page: Stripe's Customer Portal). Turned off, the plan runs
 * to the end of what was paid and is not charged again: the sandbox's
 * renewals job reads the choice; Stripe is told (cancel_at_period_end), so
 * it charges nothing.
 */

export interface RenewingPlan {
  id: number;
  plan: string;
  amount: string;
  /** "month" or "year". */
  period: string;
  /** The end of what is paid for: the next payment's date while it renews. */
  paidUntil: string;
  renews: boolean;
  /** A payment failed and is being tried again. */
  pastDue: boolean;
  /** The card it renews with can be changed at the provider (Stripe's Customer Portal). */
  cardChangeable: boolean;
}

/** A renewing plan as the back office's order page shows it. */
export interface OrderRenewal {
  id: number;
  amount: string;
  period: string;
  paidUntil: string;
  renews: boolean;
  status: string;
}

/** `renews` as a form sends it: "on" or "off"; anything else is no choice. */
function readChoice(submitted: unknown): boolean | undefined {
  const value = submittedRecord(submitted).renews;
  return value === "on" ? true : value === "off" ? false : undefined;
}

export const RENEWAL_CHOICE_MESSAGE = "Choose whether your plan renews, then save your choice.";
const NO_CARD_ON_FILE = "The payment provider has no page where this plan's card can be changed. Turn renewal off, then choose a plan again with the new card when this one ends.";
const UNKNOWN_PLAN = "We couldn't find that plan. Reload your account page and try again.";

/** A person's plans that have not ended, built once (db/hot-query.ts): My account lists them on every view. */
const renewingPlansOf = hotQuery((db, userId: number) =>
  db.selectFrom("payment_subscriptions").selectAll().where("constituent_id", "=", userId).where("status", "!=", "ended").orderBy("id"),
);

export function renewalChoice(deps: {
  db: Kysely<Database>;
  audit: AuditLog;
  logger: Logger;
  recurring?: ProviderRecurring;
  describe: (order: { plan_type: string; number_of_users: number }) => string;
  clock: () => Date;
}) {
  const { db } = deps;

  /** One of the member's own plans, not ended; anyone else's is none. */
  const ownPlan = async (userId: number, subscriptionId: number) => {
    const row = await db.selectFrom("payment_subscriptions").selectAll().where("id", "=", subscriptionId).executeTakeFirst();
    return row && row.constituent_id === userId && row.status !== "ended" ? row : undefined;
  };

  /** The plan an order paid a period of (its first payment, or a renewal). */
  const subscriptionOfOrder = (orderId: number) =>
    db
      .selectFrom("payment_subscriptions")
      .innerJoin("payment_orders", "payment_orders.subscription_id", "payment_subscriptions.id")
      .selectAll("payment_subscriptions")
      .where("payment_orders.id", "=", orderId)
      .executeTakeFirst();

  /** Tells the provider first (Stripe: cancel_at_period_end), then the ledger; audited with whoever chose. */
  async function setRenewal(row: Selectable<PaymentSubscriptionsTable>, renews: boolean, by: { actorId: number | null; staffActorId: number | null; ip: string }): Promise<Outcome<{ renews: boolean }>> {
    if (row.renews === (renews ? 1 : 0)) return { ok: true, value: { renews } };
    try {
      await deps.recurring?.setRenewal(row.provider_subscription_ref, renews);
    } catch (error) {
      deps.logger.error({ err: error, subscriptionId: row.id }, "the payment provider did not take the renewal choice");
      return refuse("provider-failed", "We couldn't reach the payment provider, so nothing changed. Try again in a few minutes.");
    }
    await setRenews(db, row.id, renews, deps.clock);
    await deps.audit.record({
      event: "subscription.renewal-changed",
      actorId: by.actorId,
      staffActorId: by.staffActorId,
      subjectId: row.constituent_id,
      ip: by.ip,
      details: { subscriptionId: row.id, renews: renews ? "yes" : "no" },
    });
    return { ok: true, value: { renews } };
  }

  return {
    async renewingPlans(userId: number): Promise<RenewingPlan[]> {
      const rows = await renewingPlansOf(db, userId);
      return rows.map((row) => ({
        id: row.id,
        plan: deps.describe(row),
        amount: formatPounds(row.amount_pence),
        period: row.period,
        paidUntil: formatLondonDate(row.current_period_end),
        renews: row.renews === 1,
        pastDue: row.status === "past_due",
        cardChangeable: Boolean(deps.recurring?.cardUpdateUrl && row.provider_customer_ref),
      }));
    },

    /** The member's choice for one of their own plans; anyone else's is not found. */
    async chooseRenewal(userId: number, subscriptionId: number, submitted: unknown, ip: string): Promise<Outcome<{ renews: boolean }>> {
      const renews = readChoice(submitted);
      if (renews === undefined) return refuse("invalid", RENEWAL_CHOICE_MESSAGE, { errors: { renews: [RENEWAL_CHOICE_MESSAGE] } });
      const row = await ownPlan(userId, subscriptionId);
      if (!row) return refuse("not-found", UNKNOWN_PLAN);
      return setRenewal(row, renews, { actorId: userId, staffActorId: null, ip });
    },

    /** The plan an order paid for, as the back office's order page shows it; undefined for a one-off payment. */
    async ofOrder(orderId: number): Promise<OrderRenewal | undefined> {
      const row = await subscriptionOfOrder(orderId);
      if (!row) return undefined;
      return { id: row.id, amount: formatPounds(row.amount_pence), period: row.period, paidUntil: formatLondonDate(row.current_period_end), renews: row.renews === 1, status: row.status };
    },

    /** Staff turn a plan's renewal off or on for its payer (the order's page; a payer who asked by phone). Audited with the staff account. */
    async chooseForPayer(orderId: number, submitted: unknown, staff: { staffId: number; ip: string }): Promise<Outcome<{ renews: boolean }>> {
      const renews = readChoice(submitted);
      if (renews === undefined) return refuse("invalid", RENEWAL_CHOICE_MESSAGE, { errors: { renews: [RENEWAL_CHOICE_MESSAGE] } });
      const row = await subscriptionOfOrder(orderId);
      if (!row || row.status === "ended") return refuse("not-found", "This order's plan does not renew, or has ended.");
      return setRenewal(row, renews, { actorId: null, staffActorId: staff.staffId, ip: staff.ip });
    },

    /**
     * A full refund ended the membership: every plan renewing it stops (the
     * provider told first). A provider that cannot be reached leaves that
     * plan renewing, logged as an error for staff to stop it by hand.
     */
    async stopForMembership(membershipId: number, by: { staffId: number | null; ip: string | null }): Promise<void> {
      const rows = await db.selectFrom("payment_subscriptions").selectAll().where("membership_id", "=", membershipId).where("status", "!=", "ended").where("renews", "=", 1).execute();
      for (const row of rows) {
        const stopped = await setRenewal(row, false, { actorId: null, staffActorId: by.staffId, ip: by.ip ?? "" });
        if (!stopped.ok) deps.logger.error({ subscriptionId: row.id, membershipId }, "a refunded membership's plan still renews: the provider could not be told; stop it by hand");
      }
    },

    /** Where the member changes the card one of their own plans renews with (the provider's page); anyone else's is not found. */
    async cardUpdate(userId: number, subscriptionId: number, returnUrl: string): Promise<Outcome<{ url: string }>> {
      const row = await ownPlan(userId, subscriptionId);
      if (!row) return refuse("not-found", UNKNOWN_PLAN);
      const cardUpdateUrl = deps.recurring?.cardUpdateUrl;
      if (!cardUpdateUrl || !row.provider_customer_ref) return refuse("conflict", NO_CARD_ON_FILE);
      try {
        return { ok: true, value: { url: await cardUpdateUrl(row.provider_customer_ref, returnUrl) } };
      } catch (error) {
        deps.logger.error({ err: error, subscriptionId }, "the payment provider did not open its card page");
        return refuse("provider-failed", "We couldn't reach the payment provider. Your card is unchanged; try again in a few minutes.");
      }
    },
  };
}
