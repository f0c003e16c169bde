import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Database } from "../db/schema";
import { formatPounds } from "../domain/plans";
import { addDays, londonWallClockToUtc } from "../shared/london-time";
import type { OrderRow } from "./payment-orders";
import type { OrderStatus } from "./tables";

export { ORDER_STATUSES } from "./tables";

/*
 * Every order, as the back office's finance staff see them (docs/back-office.md,
 * "Orders"): a page of them with filters, one order, and the same filters
 * read in batches for a CSV export that never holds every row at once.
 */

/** What staff read for each status. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Not completed",
  approved: "Paid",
  unfulfilled: "Paid, not given: to be refunded",
  invoiced: "Invoiced, awaiting payment",
  declined: "Declined",
  cancelled: "Cancelled",
  failed: "Failed",
};

export interface OrderQuery {
  status?: OrderStatus;
  provider?: string;
  planType?: string;
  /** London dates (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
  /** The order's reference or the provider's, as typed. */
  reference?: string;
}

/** An order as the back office shows and exports it. */
export interface LedgerOrder {
  id: number;
  reference: string;
  providerReference: string | null;
  provider: string;
  createdAt: string;
  payerId: number;
  organisationId: number | null;
  planType: string;
  plan: string;
  numberOfUsers: number;
  amountPence: number;
  amount: string;
  currency: string;
  status: OrderStatus;
  statusLabel: string;
  membershipId: number | null;
  fulfilledAt: string | null;
}

/** Rows read per batch while exporting. */
const EXPORT_BATCH = 500;

export function orderLedger(db: Kysely<Database>, describe: (order: OrderRow) => string) {
  const ledgerOrder = (row: OrderRow & { id: number }): LedgerOrder => ({
    id: row.id,
    reference: row.session_id,
    providerReference: row.provider_reference,
    provider: row.provider,
    createdAt: row.created_at,
    payerId: row.constituent_id,
    organisationId: row.organisation_id,
    planType: row.plan_type,
    plan: describe(row),
    numberOfUsers: row.number_of_users,
    amountPence: row.amount_pence,
    amount: formatPounds(row.amount_pence),
    currency: row.currency,
    status: row.status,
    statusLabel: ORDER_STATUS_LABELS[row.status],
    membershipId: row.membership_id,
    fulfilledAt: row.fulfilled_at,
  });

  const matching = (query: OrderQuery) => {
    let selection: SelectQueryBuilder<Database, "payment_orders", object> = db.selectFrom("payment_orders");
    if (query.status) selection = selection.where("status", "=", query.status);
    if (query.provider) selection = selection.where("provider", "=", query.provider);
    if (query.planType) selection = selection.where("plan_type", "=", query.planType);
    if (query.from) selection = selection.where("created_at", ">=", londonWallClockToUtc(query.from, "00:00").toISOString());
    if (query.to) selection = selection.where("created_at", "<", londonWallClockToUtc(addDays(query.to, 1), "00:00").toISOString());
    const reference = query.reference?.trim();
    if (reference) selection = selection.where((eb) => eb.or([eb("session_id", "=", reference), eb("provider_reference", "=", reference)]));
    return selection;
  };

  return {
    /** A page of orders, newest first, and how many match in all. */
    async page(query: OrderQuery, page: number, perPage: number): Promise<{ rows: LedgerOrder[]; total: number }> {
      const { total } = await matching(query).select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow();
      const rows = await matching(query)
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(perPage)
        .offset((page - 1) * perPage)
        .execute();
      return { rows: rows.map(ledgerOrder), total: Number(total) };
    },

    async order(id: number): Promise<LedgerOrder | undefined> {
      const row = await db.selectFrom("payment_orders").selectAll().where("id", "=", id).executeTakeFirst();
      return row && ledgerOrder(row);
    },

    /** Every matching order, oldest first, read `EXPORT_BATCH` at a time after the last id read. */
    async *all(query: OrderQuery): AsyncGenerator<LedgerOrder> {
      let afterId = 0;
      for (;;) {
        const rows = await matching(query).selectAll().where("id", ">", afterId).orderBy("id").limit(EXPORT_BATCH).execute();
        for (const row of rows) yield ledgerOrder(row);
        if (rows.length < EXPORT_BATCH) return;
        afterId = rows.at(-1)!.id;
      }
    },
  };
}

export type OrderLedger = ReturnType<typeof orderLedger>;

