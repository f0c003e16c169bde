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
