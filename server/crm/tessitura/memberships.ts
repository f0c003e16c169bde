import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { CrmIds } from "../crm-ids";
import type { CrmPort, MembershipSummary, NewMembership } from "../crm-port";
import type { TessituraClient } from "./http-client";
import type { SeatLedger } from "./seat-ledger";

/*
 * Memberships in Tessitura 15.2 (docs/crm.md, "The Tessitura adapter"):
 * /CRM/Memberships/Details lists a constituent's own. A membership is never
 * written directly: it comes from a contribution at a membership level
 * checked out through a web cart (session, contribution, payment, checkout),
 * and Tessitura dates it by the level's rules. 15.2 has no membership by id,
 * so the holder of every membership seen is noted (migration 0041).
 */

export interface MembershipSale {
  /** The payment method a paid membership's payment is recorded with (TESSITURA_PAYMENT_METHOD_ID). */
  paymentMethodId: number;
}

interface TessituraMembershipDetail {
  Id: number;
  Constituent?: { Id: number; DisplayName?: string; SortName?: string };
  InitiationDate?: string;
  ExpirationDate?: string;
  MembershipLevel?: { Id: number };
}

type MembershipRecords = Pick<CrmPort, "memberships" | "membershipSummary" | "createMembership">;

function summaryOf(row: TessituraMembershipDetail, constituentId: number): MembershipSummary {
  return {
    Id: row.Id,
    MembershipLevel: { Id: row.MembershipLevel?.Id ?? 0 },
    InitiationDateTime: row.InitiationDate ?? "",
    ExpirationDateTime: row.ExpirationDate ?? "",
    Constituent: { Id: row.Constituent?.Id ?? constituentId, DisplayName: row.Constituent?.DisplayName ?? "", SortName: row.Constituent?.SortName ?? "" },
  };
}

export function tessituraMemberships(client: TessituraClient, ids: CrmIds, db: Kysely<Database>, ledger: SeatLedger, sale: MembershipSale): MembershipRecords {
  const noteHolders = async (constituentId: number, membershipIds: readonly number[]) => {
    if (membershipIds.length === 0) return;
    await db
      .insertInto("tessitura_membership_holders")
      .values(membershipIds.map((membership_id) => ({ membership_id, constituent_id: constituentId })))
      .onConflict((conflict) => conflict.column("membership_id").doUpdateSet({ constituent_id: constituentId }))
      .execute();
  };

  const memberships = async (constituentId: number): Promise<MembershipSummary[]> => {
    const rows = (await client.request<TessituraMembershipDetail[]>("GET", "/CRM/Memberships/Details", { query: { constituentId } })) ?? [];
    const found = rows.map((row) => summaryOf(row, constituentId)).sort((a, b) => Date.parse(b.ExpirationDateTime) - Date.parse(a.ExpirationDateTime));
    await noteHolders(
      constituentId,
      found.map((membership) => membership.Id),
    );
    return found;
  };

  /** Checks out one contribution at the level through a web cart, for the constituent, paid or free (amount 0). */
  const checkOut = async (membership: NewMembership) => {
    const amount = membership.payment?.amount ?? 0;
    const session = await client.request<{ SessionKey?: string }>("POST", "/Web/Session", { body: {} });
    if (!session?.SessionKey) throw new Error("Tessitura gave no web session");
    const cart = `/Web/Cart/${encodeURIComponent(session.SessionKey)}`;
    await client.request("PUT", `/Web/Session/${encodeURIComponent(session.SessionKey)}/Constituents`, {
      body: { ConstituentId: membership.constituentId, OverridePrompt: true },
    });
    await client.request("POST", `${cart}/Contributions`, {
      body: { Amount: amount, FundId: ids.fundId, MembershipLevelId: membership.levelId, Renew: false, Upgrade: false },
    });
    if (membership.payment && amount > 0) {
      // Paid already at the payment provider: recorded here, not charged again.
      await client.request("POST", `${cart}/Payments/Other`, {
        body: { Amount: amount, PaymentMethodId: sale.paymentMethodId, Notes: membership.payment.reference },
      });
    }
    const checkout = await client.request<{ Status?: string; Message?: string }>("POST", `${cart}/Checkout`, {
      body: { Amount: amount, AllowUnderPayment: false, ...(membership.payment ? { PaymentReference: membership.payment.reference } : {}) },
    });
    if (!checkout) throw new Error("Tessitura answered no checkout");
  };

  return {
    memberships,

    async membershipSummary(id) {
      const holder = await db.selectFrom("tessitura_membership_holders").select("constituent_id").where("membership_id", "=", id).executeTakeFirst();
      if (!holder) return undefined;
      return (await memberships(holder.constituent_id)).find((membership) => membership.Id === id);
    },

    async createMembership(membership) {
      const before = new Set((await memberships(membership.constituentId)).map((row) => row.Id));
      await checkOut(membership);
      // The checkout answers no membership: it is the one at this level that was not there before.
      const created = (await memberships(membership.constituentId)).find((row) => !before.has(row.Id) && row.MembershipLevel.Id === membership.levelId);
      if (!created) throw new Error(`Tessitura checked out a contribution at level ${membership.levelId} for ${membership.constituentId} but lists no new membership`);
      await ledger.setSeats(created.Id, membership.seats);
      return { Id: created.Id };
    },
  };
}
