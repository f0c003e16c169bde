import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { inTransaction } from "../../db/transactions";
import type { CrmPort, MembershipId } from "../crm-port";
import { seatClaims, TESSITURA_SEAT_TABLES } from "../seat-claims";

/*
 * Seats of Tessitura memberships, counted in the site's own database
 * (migration 0039): Tessitura 15.2 does not describe benefit usage per
 * membership. A claim is the embedded CRM's one conditional UPDATE (the same
 * code, seat-claims.ts), so of any number of concurrent claims for the last
 * seat exactly one wins.
 */

export interface SeatLedger extends Pick<CrmPort, "seatBenefits" | "claimSeat" | "releaseSeat"> {
  /** Sets a membership's seats (a new or renewed membership): seats in use stay used. */
  setSeats(membershipId: MembershipId, seats: readonly { benefitId: number; available: number | "unlimited" }[]): Promise<void>;
  /** Moves a membership's seats, those in use included, to the record that renewed it (a renewal Tessitura made as a new membership). */
  moveSeats(from: MembershipId, to: MembershipId): Promise<void>;
}

export function tessituraSeatLedger(db: Kysely<Database>): SeatLedger {
  return {
    async setSeats(membershipId, seats) {
      await inTransaction(db, async (trx) => {
        for (const seat of seats) {
          const values = { unlimited_indicator: seat.available === "unlimited" ? 1 : 0, total_available: seat.available === "unlimited" ? 0 : seat.available };
          await trx
            .insertInto("tessitura_seat_benefits")
            .values({ membership_id: membershipId, benefit_id: seat.benefitId, ...values })
            .onConflict((conflict) => conflict.columns(["membership_id", "benefit_id"]).doUpdateSet(values))
            .execute();
        }
      });
    },

    async moveSeats(from, to) {
      await inTransaction(db, async (trx) => {
        // The usages point at their benefit row, not the membership: they move with it. A benefit the new record has already stays its own.
        const taken = (await trx.selectFrom("tessitura_seat_benefits").select("benefit_id").where("membership_id", "=", to).execute()).map((row) => row.benefit_id);
        let moving = trx.updateTable("tessitura_seat_benefits").set({ membership_id: to }).where("membership_id", "=", from);
        if (taken.length > 0) moving = moving.where("benefit_id", "not in", taken);
        await moving.execute();
      });
    },

    async seatBenefits(membershipId) {
      const rows = await db.selectFrom("tessitura_seat_benefits").selectAll().where("membership_id", "=", membershipId).orderBy("benefit_id").execute();
      return rows.map((row) => ({
        Id: row.id,
        BenefitMembershipSummary: { Id: row.membership_id },
        Benefit: { Id: row.benefit_id },
        MembershipLevelBenefit: { UnlimitedIndicator: row.unlimited_indicator === 1 },
        TotalAvailable: row.total_available,
        TotalRemaining: Math.max(0, row.total_available - row.total_used),
      }));
    },

    ...seatClaims(db, TESSITURA_SEAT_TABLES),
  };
}
