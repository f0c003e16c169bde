import type { Generated } from "kysely";
import type { BillingPeriod } from "../domain/plans";

/** Row types of the payments feature's tables (migrations 0015, 0032, 0035, 0036, 0037). */

/**
 * unfulfilled: paid, but the school-purchase rule refused it when the payment arrived; staff refund it.
 * invoiced: a school's order paid by invoice: the membership is given, the invoice is open; paid, it becomes approved.
 */
export const ORDER_STATUSES = ["pending", "approved", "unfulfilled", "invoiced", "declined", "cancelled", "failed"] as const;
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
  /** The subscription this order paid a period of (migration 0035), or null for a one-off payment. */
  subscription_id: number | null;
  /** 1: the checkout started a plan that renews at the provider (migration 0040). */
  renews: Generated<number>;
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

/** The invoice of an order a school pays by invoice (migration 0037). */
export interface SchoolInvoicesTable {
  order_id: number;
  /** Sequential, never repeated: "INV-000001" (documents/document-numbers.ts). */
  number: string;
  /** The emailed link's bearer secret (the billing contact needs no account to open the PDF). */
  token: string;
  contact_name: string;
  contact_email: string;
  /** The billing address's lines, joined by newlines. */
  billing_address: string;
  purchase_order: string | null;
  issued_at: string;
  due_at: string;
  paid_at: string | null;
  /** Finance staff who marked it paid (the sandbox, or a payment made outside the provider); null when the provider reported it. */
  paid_by_staff_id: number | null;
  payment_note: string | null;
  /** Where the school can pay it online, when the provider holds it (Stripe's hosted invoice page); the provider's id is the order's provider_reference. */
  pay_url: string | null;
}

/** A chasing step taken for an unpaid invoice: its claim, unique per order and step. */
export interface InvoiceChasersTable {
  order_id: number;
  step: "due" | "overdue" | "suspended";
  taken_at: string;
}

/** The last number given in each series of documents (migration 0036; documents/document-numbers.ts). */
export interface DocumentNumbersTable {
  series: "invoice" | "receipt";
  last_number: number;
}

/** A paid card order's receipt (migration 0036): numbered in the fulfilment's transaction. */
export interface PaymentReceiptsTable {
  order_id: number;
  /** Sequential, never repeated: "RCT-000001". */
  number: string;
  issued_at: string;
}

export const SUBSCRIPTION_STATUSES = ["active", "past_due", "ended"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** A renewing plan's period: the same calendar as the membership it extends. */
export type SubscriptionPeriod = BillingPeriod;

/** A plan that renews (migration 0035): monthly plans always, annual ones unless the payer turned renewal off. */
export interface PaymentSubscriptionsTable {
  id: Generated<number>;
  constituent_id: number;
  /** The school paid for, or null for the payer's own membership. */
  organisation_id: number | null;
  plan_type: string;
  level_id: number;
  number_of_users: number;
  amount_pence: number;
  currency: Generated<string>;
  period: SubscriptionPeriod;
  provider: string;
  provider_subscription_ref: string;
  provider_customer_ref: string | null;
  membership_id: number | null;
  /** 1 while it renews at the period's end; 0 once the payer turned renewal off. */
  renews: Generated<number>;
  status: Generated<SubscriptionStatus>;
  /** The end of the period paid for: the membership runs to here. */
  current_period_end: string;
  /** Failed payment attempts since the last one that succeeded. */
  failed_attempts: Generated<number>;
  /** When the sandbox next tries a failed payment again, or null. */
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
}

/** One provider event applied to a subscription: its claim, unique by the provider's event, invoice or charge id. */
export interface PaymentSubscriptionEventsTable {
  event_ref: string;
  subscription_id: number;
  kind: "renewal_paid" | "renewal_failed" | "ended";
  applied_at: string;
}

export interface PaymentTables {
  payment_subscriptions: PaymentSubscriptionsTable;
  payment_subscription_events: PaymentSubscriptionEventsTable;
  document_numbers: DocumentNumbersTable;
  payment_receipts: PaymentReceiptsTable;
  school_invoices: SchoolInvoicesTable;
  invoice_chasers: InvoiceChasersTable;
  payment_orders: PaymentOrdersTable;
  payment_fulfilments: PaymentFulfilmentsTable;
  payment_refunds: PaymentRefundsTable;
}
