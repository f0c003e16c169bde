import type { Generated } from "kysely";

/** Row types of the payments feature's tables (migration 0015). */

/** unfulfilled: paid, but the school-purchase rule refused it when the payment arrived; staff refund it. */
export const ORDER_STATUSES = ["pending", "approved", "unfulfilled", "declined", "cancelled", "failed"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface PaymentOrdersTable {
  id: Generated<number>;
  /** Opaque, random: the only id the browser sees. */
  session_id: string;
  constituent_id: number;
  /** The school paid for, or null for the payer's own membership. */
  organisation_id: number | null;
  plan_type: string;
  number_of_users: number;
  level_id: number;
  amount_pence: number;
  currency: Generated<string>;
  status: Generated<OrderStatus>;
  provider: string;
  provider_reference: string | null;
  membership_id: number | null;
  created_at: string;
  updated_at: string;
  fulfilled_at: string | null;
}

export interface PaymentFulfilmentsTable {
  order_id: number;
  provider_reference: string;
  /** Filled in once the membership is made, in the same transaction as the row. */
  membership_id: number | null;
  fulfilled_at: string;
}

/** A refund of a paid order (migration 0032): staff's from the back office, or the provider's (charge.refunded). */
export interface PaymentRefundsTable {
  id: Generated<number>;
  order_id: number;
  amount_pence: number;
  /** The order's refunded total after this refund: unique per order, so one refund is recorded once. */
  refunded_total_pence: number;
  /** The provider's id for the refund, when it gave one. */
  provider_reference: string | null;
  started_by: "staff" | "provider";
  staff_id: number | null;
  /** 1 when the membership the order gave was ended (and its seats given back) with this refund. */
  membership_ended: Generated<number>;
  created_at: string;
}

export interface PaymentTables {
  payment_orders: PaymentOrdersTable;
  payment_fulfilments: PaymentFulfilmentsTable;
  payment_refunds: PaymentRefundsTable;
}
