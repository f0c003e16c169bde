import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/*
 * Paused memberships (issue 29, docs/memberships.md "Suspension"): a school
 * whose invoice is unpaid 60 days after it was issued keeps its membership
 * and its seats, but nobody gets a member's access through it until it is
 * paid. The CRM holds the membership; the pause is the site's own, keyed by
 * the membership's id, so it works the same with either CRM adapter.
 */
export interface MembershipSuspensions {
  /** Pauses the membership; answers false when it already was. Written in the caller's transaction. */
  suspend(db: Kysely<Database>, membershipId: number, now: Date): Promise<boolean>;
  /** Restores its access; answers whether it was paused. */
  lift(db: Kysely<Database>, membershipId: number): Promise<boolean>;
  /** Which of these memberships are paused now. */
  suspendedAmong(membershipIds: readonly number[]): Promise<Set<number>>;
}

export function membershipSuspensions(db: Kysely<Database>): MembershipSuspensions {
  return {
    async suspend(trx, membershipId, now) {
      const inserted = await trx
        .insertInto("membership_suspensions")
        .values({ membership_id: membershipId, reason: "invoice-unpaid", suspended_at: now.toISOString() })
        .onConflict((conflict) => conflict.doNothing())
        .returning("membership_id")
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async lift(trx, membershipId) {
      const deleted = await trx.deleteFrom("membership_suspensions").where("membership_id", "=", membershipId).executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },

    async suspendedAmong(membershipIds) {
      if (membershipIds.length === 0) return new Set();
      const rows = await db.selectFrom("membership_suspensions").select("membership_id").where("membership_id", "in", [...membershipIds]).execute();
      return new Set(rows.map((row) => row.membership_id));
    },
  };
}
