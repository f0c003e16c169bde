import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import type { CrmPort } from "./crm-port";

/*
 * Claiming and releasing a seat, for both seat tables: the embedded CRM's
 * (membership_benefits, benefit_usages; migration 0011) and the Tessitura
 * adapter's seat ledger (tessitura_seat_benefits, tessitura_seat_usages;
 * 0039). Same columns but for the usage's link to its benefit.
 */

export interface SeatTables {
  benefits: "membership_benefits" | "tessitura_seat_benefits";
  usages: "benefit_usages" | "tessitura_seat_usages";
  /** The usage's column naming its benefit row. */
  usageBenefitColumn: "membership_benefit_id" | "seat_benefit_id";
}

export const EMBEDDED_SEAT_TABLES: SeatTables = { benefits: "membership_benefits", usages: "benefit_usages", usageBenefitColumn: "membership_benefit_id" };
export const TESSITURA_SEAT_TABLES: SeatTables = { benefits: "tessitura_seat_benefits", usages: "tessitura_seat_usages", usageBenefitColumn: "seat_benefit_id" };

export function seatClaims(db: Kysely<Database>, tables: SeatTables): Pick<CrmPort, "claimSeat" | "releaseSeat"> {
  const benefits = sql.table(tables.benefits);
  const usages = sql.table(tables.usages);
  const usageBenefit = sql.ref(tables.usageBenefitColumn);

  return {
    async claimSeat(usage) {
      return inTransaction(db, async (trx) => {
        // One conditional UPDATE decides: PostgreSQL re-checks the condition
        // after waiting for a concurrent claim's row lock, and SQLite runs one
        // writer at a time, so only as many claims as there are seats succeed.
        const claimed = await sql<{ id: number }>`
          update ${benefits} set total_used = total_used + 1
          where membership_id = ${usage.membershipId} and benefit_id = ${usage.benefitId}
            and (unlimited_indicator = 1 or total_used < total_available)
          returning id`.execute(trx);
        const benefit = claimed.rows[0];
        if (!benefit) return undefined;
        const inserted = await sql<{ id: number }>`
          insert into ${usages} (${usageBenefit}, constituent_id, used_at)
          values (${benefit.id}, ${usage.constituentId}, ${usage.usedAt.toISOString()})
          returning id`.execute(trx);
        return { Id: Number(inserted.rows[0]!.id) };
      });
    },

    async releaseSeat(benefitUsageId) {
      await inTransaction(db, async (trx) => {
        const released = await sql<{ benefit_id: number }>`
          update ${usages} set inactive = 1 where id = ${benefitUsageId} and inactive = 0
          returning ${usageBenefit} as benefit_id`.execute(trx);
        const usage = released.rows[0];
        if (!usage) return; // already released: releasing twice frees one seat, not two
        await sql`update ${benefits} set total_used = total_used - 1 where id = ${usage.benefit_id} and total_used > 0`.execute(trx);
      });
    },
  };
}
