import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import type { CrmPort, MembershipRenewal, MembershipSummary } from "./crm-port";
import { EMBEDDED_SEAT_TABLES, seatClaims } from "./seat-claims";
import { displayNameOf, sortNameOf } from "./display-names";

type MembershipRecords = Pick<
  CrmPort,
  "memberships" | "membershipSummary" | "createMembership" | "renewMembership" | "changeMembershipSeats" | "endMembership" | "seatBenefits" | "claimSeat" | "releaseSeat"
>;

/** Memberships with their holder's name: what a MembershipSummary is read from (here, and the reminders' query in sql-membership-figures.ts). */
export function membershipSummaries(db: Kysely<Database>) {
  return db
    .selectFrom("memberships")
    .innerJoin("constituents", "constituents.id", "memberships.constituent_id")
    .select([
      "memberships.id",
      "memberships.membership_level_id",
      "memberships.starts_at",
      "memberships.expires_at",
      "constituents.id as constituent_id",
      "constituents.kind",
      "constituents.first_name",
      "constituents.last_name",
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof membershipSummaries>["executeTakeFirstOrThrow"]>>;

export function membershipSummaryOf(row: SummaryRow): MembershipSummary {
  return {
    Id: row.id,
    MembershipLevel: { Id: row.membership_level_id },
    InitiationDateTime: row.starts_at,
    ExpirationDateTime: row.expires_at,
    Constituent: { Id: row.constituent_id, DisplayName: displayNameOf(row), SortName: sortNameOf(row) },
  };
}

/** Memberships, their seat benefits and the usage of those seats in the embedded CRM. */
export function sqlMembershipRecords(db: Kysely<Database>): MembershipRecords {
  const summaries = () => membershipSummaries(db);
  const summaryOf = membershipSummaryOf;

  /** The membership runs to `renewal.expiration` at its level, with these seats; affiliations that were to end with it follow. */
  const extend = async (id: number, renewal: Omit<MembershipRenewal, "payment">): Promise<void> => {
    await inTransaction(db, async (trx) => {
      const current = await trx.selectFrom("memberships").select(["constituent_id", "expires_at"]).where("id", "=", id).executeTakeFirstOrThrow();
      const expiresAt = renewal.expiration.toISOString();
      await trx
        .updateTable("memberships")
        .set({ membership_level_id: renewal.levelId, expires_at: expiresAt, ...(renewal.initiation ? { starts_at: renewal.initiation.toISOString() } : {}) })
        .where("id", "=", id)
        .execute();
      for (const seat of renewal.seats) {
        const values = {
          unlimited_indicator: seat.available === "unlimited" ? 1 : 0,
          total_available: seat.available === "unlimited" ? 0 : seat.available,
        };
        const updated = await trx
          .updateTable("membership_benefits")
          .set(values)
          .where("membership_id", "=", id)
          .where("benefit_id", "=", seat.benefitId)
          .returning("id")
          .executeTakeFirst();
        if (!updated) await trx.insertInto("membership_benefits").values({ membership_id: id, benefit_id: seat.benefitId, ...values }).execute();
      }
      // Seat-limited affiliations end with the membership (school-seats.ts): they follow it to its new expiry.
      await trx
        .updateTable("affiliations")
        .set({ end_date: expiresAt })
        .where("group_constituent_id", "=", current.constituent_id)
        .where("end_date", "=", current.expires_at)
        .execute();
    });
  };

  return {
    async memberships(constituentId) {
      const rows = await summaries().where("memberships.constituent_id", "=", constituentId).orderBy("memberships.expires_at", "desc").execute();
      return rows.map(summaryOf);
    },

    async membershipSummary(id) {
      const row = await summaries().where("memberships.id", "=", id).executeTakeFirst();
      return row && summaryOf(row);
    },

    async createMembership(membership) {
      return inTransaction(db, async (trx) => {
        const { id } = await trx
          .insertInto("memberships")
          .values({
            constituent_id: membership.constituentId,
            membership_level_id: membership.levelId,
            starts_at: membership.initiation.toISOString(),
            expires_at: membership.expiration.toISOString(),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        if (membership.seats.length > 0) {
          await trx
            .insertInto("membership_benefits")
            .values(
              membership.seats.map((seat) => ({
                membership_id: id,
                benefit_id: seat.benefitId,
                unlimited_indicator: seat.available === "unlimited" ? 1 : 0,
                total_available: seat.available === "unlimited" ? 0 : seat.available,
              })),
            )
            .execute();
        }
        return { Id: id };
      });
    },

    // A renewal extends the membership in place: the same id. The payment is the site's orders' to keep.
    async renewMembership(id, renewal) {
      await extend(id, renewal);
      return { Id: id };
    },

    changeMembershipSeats: async (id, change) => {
      const current = await db.selectFrom("memberships").select("expires_at").where("id", "=", id).executeTakeFirstOrThrow();
      await extend(id, { ...change, expiration: new Date(current.expires_at) });
    },

    endMembership: async (id, at) => {
      const current = await db.selectFrom("memberships").select("membership_level_id").where("id", "=", id).executeTakeFirstOrThrow();
      await extend(id, { levelId: current.membership_level_id, expiration: at, seats: [] });
    },

    async seatBenefits(membershipId) {
      const rows = await db.selectFrom("membership_benefits").selectAll().where("membership_id", "=", membershipId).orderBy("id").execute();
      return rows.map((row) => ({
        Id: row.id,
        BenefitMembershipSummary: { Id: row.membership_id },
        Benefit: { Id: row.benefit_id },
        MembershipLevelBenefit: { UnlimitedIndicator: row.unlimited_indicator === 1 },
        TotalAvailable: row.total_available,
        TotalRemaining: Math.max(0, row.total_available - row.total_used),
      }));
    },

    ...seatClaims(db, EMBEDDED_SEAT_TABLES),
  };
}
