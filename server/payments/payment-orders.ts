import type { Kysely } from "kysely";
import { hotQuery } from "../db/hot-query";
import type { Database } from "../db/schema";
import type { OrderStatus } from "./tables";

/** The statuses of an order that was paid (unfulfilled: paid, the membership refused, to refund). */
const paidStatuses: OrderStatus[] = ["approved", "unfulfilled"];

/** A hand-entered school merged into its register record (the back office): its orders follow it; answers how many moved. */
export async function moveSchoolOrders(db: Kysely<Database>, fromSchoolId: number, intoSchoolId: number): Promise<number> {
  const moved = await db.updateTable("payment_orders").set({ organisation_id: intoSchoolId }).where("organisation_id", "=", fromSchoolId).executeTakeFirst();
  return Number(moved.numUpdatedRows);
}

/** What an order read gives. */
const columns = [
  "id",
  "session_id",
  "constituent_id",
  "organisation_id",
  "plan_type",
  "number_of_users",
  "level_id",
  "amount_pence",
  "currency",
  "status",
  "provider",
  "provider_reference",
  "membership_id",
  "created_at",
  "fulfilled_at",
  "renews",
] as const;

/** A person's orders, newest first, built once (db/hot-query.ts): My account lists them on every view. */
const ordersOf = hotQuery((db, constituentId: number) =>
  db.selectFrom("payment_orders").select(columns).where("constituent_id", "=", constituentId).orderBy("created_at", "desc").orderBy("id", "desc"),
);

/** Queries over payment_orders, for the payments service. */
export function paymentOrders(db: Kysely<Database>) {
  return {
    async insert(order: {
      sessionId: string;
      constituentId: number;
      organisationId: number | null;
      planType: string;
      numberOfUsers: number;
      levelId: number;
      amountPence: number;
      provider: string;
      /** Renews at the provider each period (migration 0040); a one-off payment when absent. */
      renews?: boolean;
      now: Date;
    }): Promise<number> {
      const at = order.now.toISOString();
      const { id } = await db
        .insertInto("payment_orders")
        .values({
          session_id: order.sessionId,
          constituent_id: order.constituentId,
          organisation_id: order.organisationId,
          plan_type: order.planType,
          number_of_users: order.numberOfUsers,
          level_id: order.levelId,
          amount_pence: order.amountPence,
          provider: order.provider,
          renews: order.renews ? 1 : 0,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    },

    async setReference(id: number, reference: string): Promise<void> {
      await db.updateTable("payment_orders").set({ provider_reference: reference }).where("id", "=", id).execute();
    },

    byId: (id: number) => db.selectFrom("payment_orders").select(columns).where("id", "=", id).executeTakeFirst(),

    bySession: (sessionId: string) => db.selectFrom("payment_orders").select(columns).where("session_id", "=", sessionId).executeTakeFirst(),

    byReference: (provider: string, reference: string) =>
      db.selectFrom("payment_orders").select(columns).where("provider", "=", provider).where("provider_reference", "=", reference).executeTakeFirst(),

    ofConstituent: (constituentId: number) => ordersOf(db, constituentId),

    /** Paid orders placed from `from` until before `to`: how many, and their amounts added up. */
    async paidBetween(from: Date, to: Date): Promise<{ orders: number; amountPence: number }> {
      const row = await db
        .selectFrom("payment_orders")
        .select((eb) => [eb.fn.countAll().as("orders"), eb.fn.sum("amount_pence").as("amount")])
        .where("status", "in", paidStatuses)
        .where("created_at", ">=", from.toISOString())
        .where("created_at", "<", to.toISOString())
        .executeTakeFirst();
      return { orders: Number(row?.orders ?? 0), amountPence: Number(row?.amount ?? 0) };
    },

    /** A result that is not a payment moves only a pending order: nothing undoes an approved one. */
    async settleUnpaid(id: number, status: Exclude<OrderStatus, "pending" | "approved" | "unfulfilled">, now: Date): Promise<void> {
      await db
        .updateTable("payment_orders")
        .set({ status, updated_at: now.toISOString() })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .execute();
    },
  };
}

export type OrderRow = NonNullable<Awaited<ReturnType<ReturnType<typeof paymentOrders>["bySession"]>>>;
