import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { CrmIds } from "../crm-ids";
import type { CrmPort, MembershipPayment, MembershipSummary, NewMembership } from "../crm-port";
import { tessituraAffiliations } from "./affiliations";
import type { TessituraClient } from "./http-client";
import type { SeatLedger } from "./seat-ledger";

/*
 * Memberships in Tessitura 15.2 (docs/crm.md, "The Tessitura adapter"):
 * /CRM/Memberships/Details lists a constituent's own. A membership is never
 * written directly: it comes from a contribution at a membership level
 * checked out through a web cart (session, contribution, payment, checkout),
 * and Tessitura dates it by the level's rules; a renewal is such a
 * contribution too (Renew), and may be a new membership record. 15.2 has no
 * membership by id, so the holder of every membership seen is noted
 * (migration 0041); nor any call that ends one, so the site keeps the
 * memberships it ended early, and which record renewed which (migration
 * 0042), and honours them. A checkout cannot be taken back, and the site's
 * transaction around it can roll back: a paid one is checked out once per
 * payment reference, found again in the holder's payment history (docs/crm.md,
 * "A checkout is made once per payment").
 */

export interface MembershipSale {
  /** The payment method a paid membership's payment is recorded with (TESSITURA_PAYMENT_METHOD_ID). */
  paymentMethodId: number;
  /** The invoice payment method a school's membership ordered by invoice is checked out with, owed until paid (TESSITURA_INVOICE_PAYMENT_METHOD_ID). */
  invoicePaymentMethodId: number;
}

interface TessituraMembershipDetail {
  Id: number;
  Constituent?: { Id: number; DisplayName?: string; SortName?: string };
  InitiationDate?: string;
  ExpirationDate?: string;
  MembershipLevel?: { Id: number };
}

interface PaymentHistoryPage {
  TotalCount?: number;
  Items?: { Notes?: string }[];
}

/** How many payments one /CRM/PaymentHistory page asks for (Tessitura's paged resources default to 100). */
const PAYMENT_HISTORY_PAGE = 100;

type MembershipRecords = Pick<CrmPort, "memberships" | "membershipSummary" | "createMembership" | "renewMembership" | "changeMembershipSeats" | "endMembership">;

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

  /** A membership the site ended early expires then, while Tessitura still gives it the expiry it had when ended (one renewed in place since runs again). */
  const withEnds = async (found: MembershipSummary[]): Promise<MembershipSummary[]> => {
    if (found.length === 0) return found;
    const ends = await db
      .selectFrom("tessitura_membership_ends")
      .selectAll()
      .where(
        "membership_id",
        "in",
        found.map((membership) => membership.Id),
      )
      .execute();
    return found.map((membership) => {
      const end = ends.find((row) => row.membership_id === membership.Id);
      return end && Date.parse(end.tessitura_expiry) === Date.parse(membership.ExpirationDateTime) ? { ...membership, ExpirationDateTime: end.ended_at } : membership;
    });
  };

  const memberships = async (constituentId: number): Promise<MembershipSummary[]> => {
    const rows = (await client.request<TessituraMembershipDetail[]>("GET", "/CRM/Memberships/Details", { query: { constituentId } })) ?? [];
    const found = (await withEnds(rows.map((row) => summaryOf(row, constituentId)))).sort((a, b) => Date.parse(b.ExpirationDateTime) - Date.parse(a.ExpirationDateTime));
    await noteHolders(
      constituentId,
      found.map((membership) => membership.Id),
    );
    return found;
  };

  /** Checks out one contribution at the level through a web cart, for the constituent, paid, owed on an invoice, or free (amount 0); a renewal's with Renew. */
  const checkOut = async (membership: Pick<NewMembership, "constituentId" | "levelId" | "payment">, renew: boolean) => {
    const amount = membership.payment?.amount ?? 0;
    const session = await client.request<{ SessionKey?: string }>("POST", "/Web/Session", { body: {} });
    if (!session?.SessionKey) throw new Error("Tessitura gave no web session");
    const cart = `/Web/Cart/${encodeURIComponent(session.SessionKey)}`;
    await client.request("PUT", `/Web/Session/${encodeURIComponent(session.SessionKey)}/Constituents`, {
      body: { ConstituentId: membership.constituentId, OverridePrompt: true },
    });
    await client.request("POST", `${cart}/Contributions`, {
      body: { Amount: amount, FundId: ids.fundId, MembershipLevelId: membership.levelId, Renew: renew, Upgrade: false },
    });
    if (membership.payment?.invoiced && amount > 0) {
      // Ordered by invoice, not paid yet: an invoice payment, so Tessitura holds the amount as owed by the constituent.
      await client.request("POST", `${cart}/Payments/Invoice`, {
        body: { Amount: amount, PaymentMethodId: sale.invoicePaymentMethodId, Notes: membership.payment.reference },
      });
    } else if (membership.payment && amount > 0) {
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

  /**
   * Whether the holder's own payments in Tessitura (/CRM/PaymentHistory, page by page) include one whose notes are
   * this provider reference: a cart paid with it was checked out already (the payment is recorded at checkout).
   */
  const paidBefore = async (constituentId: number, reference: string): Promise<boolean> => {
    for (let page = 1; ; page++) {
      const answer = await client.request<PaymentHistoryPage>("GET", "/CRM/PaymentHistory", {
        query: { constituentId, includeAffiliates: "false", page, pageSize: PAYMENT_HISTORY_PAGE },
      });
      const items = answer?.Items ?? [];
      if (items.some((item) => item.Notes?.trim() === reference)) return true;
      if (items.length < PAYMENT_HISTORY_PAGE || page * PAYMENT_HISTORY_PAGE >= (answer?.TotalCount ?? 0)) return false;
    }
  };

  /**
   * The membership an earlier checkout made, when this one would repeat it (undefined: check out). Paid: the payment's
   * reference is in the holder's payment history, and the checkout's membership is the holder's latest at the level.
   * Free (no reference to find), a new one only: a membership at the level that began today (its initiation's date against
   * today's UTC date) and still runs (the site's ends honoured).
   */
  const madeBefore = async (
    constituentId: number,
    levelId: number,
    payment: MembershipPayment | undefined,
    listed: readonly MembershipSummary[],
    now: Date,
  ): Promise<MembershipSummary | undefined> => {
    const atLevel = listed.filter((row) => row.MembershipLevel.Id === levelId);
    if (!payment) {
      const today = now.toISOString().slice(0, 10);
      return atLevel.find((row) => row.InitiationDateTime.slice(0, 10) === today && Date.parse(row.ExpirationDateTime) > now.getTime());
    }
    if (!(await paidBefore(constituentId, payment.reference))) return undefined;
    // Listed latest expiry first: the checkout's, unless Tessitura has made a later one at the level since.
    const made = atLevel[0];
    if (!made) throw new Error(`Tessitura holds payment ${payment.reference} of ${constituentId} but lists no membership at level ${levelId}`);
    return made;
  };

  const affiliations = tessituraAffiliations(client);

  /** The membership as listed now with its holder's others (the holder noted for it); throws for one the site never created nor listed. */
  const known = async (id: number): Promise<{ membership: MembershipSummary; listed: MembershipSummary[] }> => {
    const holder = await db.selectFrom("tessitura_membership_holders").select("constituent_id").where("membership_id", "=", id).executeTakeFirst();
    const listed = holder ? await memberships(holder.constituent_id) : [];
    const membership = listed.find((row) => row.Id === id);
    if (!membership) throw new Error(`Tessitura lists no membership ${id} for the holder the site noted`);
    return { membership, listed };
  };

  /** Affiliations of the holder that were to end with the membership's old expiry end with its new one (as the embedded CRM's renewal does). */
  const followEnd = async (holderId: number, from: string, to: string) => {
    if (Date.parse(from) === Date.parse(to)) return;
    for (const affiliation of await affiliations.affiliations({ groupConstituentId: holderId })) {
      if (affiliation.EndDate !== null && Date.parse(affiliation.EndDate) === Date.parse(from)) await affiliations.endAffiliation(affiliation.Id, new Date(to));
    }
  };

  /** The records of one membership's run: it, those it was renewed from and those renewed from it, as new records (migration 0042). */
  const runOf = async (id: number): Promise<Set<number>> => {
    const run = new Set([id]);
    let frontier = [id];
    while (frontier.length > 0) {
      const links = await db
        .selectFrom("tessitura_membership_renewals")
        .selectAll()
        .where((eb) => eb.or([eb("membership_id", "in", frontier), eb("renews_membership_id", "in", frontier)]))
        .execute();
      frontier = links.flatMap((link) => [link.membership_id, link.renews_membership_id]).filter((linked) => !run.has(linked));
      for (const linked of frontier) run.add(linked);
    }
    return run;
  };

  return {
    memberships,

    async membershipSummary(id) {
      const holder = await db.selectFrom("tessitura_membership_holders").select("constituent_id").where("membership_id", "=", id).executeTakeFirst();
      if (!holder) return undefined;
      return (await memberships(holder.constituent_id)).find((membership) => membership.Id === id);
    },

    async createMembership(membership) {
      const listed = await memberships(membership.constituentId);
      // Made already (a payment's notification told again after the site's transaction rolled back): not checked out twice.
      let created = await madeBefore(membership.constituentId, membership.levelId, membership.payment, listed, new Date());
      if (!created) {
        const before = new Set(listed.map((row) => row.Id));
        await checkOut(membership, false);
        // The checkout answers no membership: it is the one at this level that was not there before.
        created = (await memberships(membership.constituentId)).find((row) => !before.has(row.Id) && row.MembershipLevel.Id === membership.levelId);
        if (!created) throw new Error(`Tessitura checked out a contribution at level ${membership.levelId} for ${membership.constituentId} but lists no new membership`);
      }
      await ledger.setSeats(created.Id, membership.seats);
      return { Id: created.Id };
    },

    async renewMembership(id, renewal) {
      const { membership: current, listed } = await known(id);
      const holderId = current.Constituent.Id;
      // The record whose seats the renewed one takes, and which it renews (none: renewed in place, or made new).
      let renews: number | undefined = id;
      // Paid for already (the notification told again): that checkout's membership, not a second contribution.
      const again = renewal.payment ? await madeBefore(holderId, renewal.levelId, renewal.payment, listed, new Date()) : undefined;
      if (again?.Id === id) {
        // The membership asked to renew is the one the first telling made: a new membership (nothing renewed), or a
        // renewal made in place, or as a new record (the site then asks to renew that record, the latest). Such a record
        // runs on from the one it renewed (as the stand-in dates it; not checked against a real Tessitura).
        renews = listed.find((row) => row.Id !== id && Date.parse(row.ExpirationDateTime) === Date.parse(again.InitiationDateTime))?.Id;
      }
      let renewed = again;
      if (!renewed) {
        const before = new Set(listed.map((row) => row.Id));
        await checkOut({ constituentId: holderId, levelId: renewal.levelId, ...(renewal.payment ? { payment: renewal.payment } : {}) }, true);
        // Dated by the level's rules: a new record at the level, or this one running later (the checkout answers neither).
        const after = await memberships(holderId);
        renewed =
          after.find((row) => !before.has(row.Id) && row.MembershipLevel.Id === renewal.levelId) ??
          after.find((row) => row.Id === id && Date.parse(row.ExpirationDateTime) > Date.parse(current.ExpirationDateTime));
        if (!renewed) throw new Error(`Tessitura checked out a renewal of membership ${id} at level ${renewal.levelId} but lists it neither renewed nor new`);
      }
      if (renews !== undefined && renewed.Id !== renews) {
        await ledger.moveSeats(renews, renewed.Id);
        await db
          .insertInto("tessitura_membership_renewals")
          .values({ membership_id: renewed.Id, renews_membership_id: renews })
          .onConflict((conflict) => conflict.column("membership_id").doUpdateSet({ renews_membership_id: renews }))
          .execute();
      }
      await ledger.setSeats(renewed.Id, renewal.seats);
      await followEnd(holderId, current.ExpirationDateTime, renewed.ExpirationDateTime);
      return { Id: renewed.Id };
    },

    // The level is Tessitura's (a change of level is a sale there): only the seats, which the site keeps, change.
    async changeMembershipSeats(id, change) {
      await known(id);
      await ledger.setSeats(id, change.seats);
    },

    // 15.2 writes no membership: the end is the site's, kept with the expiry Tessitura gave the membership then. As the
    // embedded CRM's one record ends whole, so does the run of records its renewals made: each one running past `at`.
    async endMembership(id, at) {
      const { listed } = await known(id);
      const run = await runOf(id);
      const ending = listed.filter((row) => row.Id === id || (run.has(row.Id) && Date.parse(row.ExpirationDateTime) > at.getTime()));
      for (const current of ending) {
        // Ended before (its listed expiry is that end): Tessitura's expiry is the one kept then.
        const earlier = await db.selectFrom("tessitura_membership_ends").selectAll().where("membership_id", "=", current.Id).executeTakeFirst();
        const tessituraExpiry = earlier && earlier.ended_at === current.ExpirationDateTime ? earlier.tessitura_expiry : current.ExpirationDateTime;
        const values = { ended_at: at.toISOString(), tessitura_expiry: tessituraExpiry };
        await db
          .insertInto("tessitura_membership_ends")
          .values({ membership_id: current.Id, ...values })
          .onConflict((conflict) => conflict.column("membership_id").doUpdateSet(values))
          .execute();
        await followEnd(current.Constituent.Id, current.ExpirationDateTime, at.toISOString());
      }
    },
  };
}
