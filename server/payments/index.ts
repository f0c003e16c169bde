/*
 * The payments capability's front door: from outside server/payments/,
 * this file is the only one imported (docs/architecture.md, "Import rules").
 */

export { createPaymentsService, type OrderExport, type OrderLine, type PaymentsService, type Takings } from "./payments-service";
export type { SellerDetails } from "./documents";
export type { ReceiptPdf } from "./order-receipts";
export type { PaymentProvider } from "./payment-port";
export { createSandboxProvider, type SandboxProvider } from "./sandbox-provider";
export type { SandboxCheckoutPage } from "./sandbox-checkout";
export { createStripeProvider, type StripeApiAddress } from "./stripe-provider";
export { ORDER_STATUSES, ORDER_STATUS_LABELS, type LedgerOrder, type OrderLedger, type OrderQuery } from "./order-ledger";
export type { OrderStatus } from "./tables";
export type { RefundRecord, StaffRefund } from "./refunds";
// A hand-entered school merged into its register record (the back office).
export { moveSchoolOrders } from "./payment-orders";
// Schools that pay by invoice (docs/payments.md, "Pay by invoice").
export { createSchoolInvoicesService, type InvoiceLine, type SchoolInvoicesService } from "./invoices/school-invoices-service";
// Plans that renew: the member's own, and their choice to stop the renewal (docs/payments.md, "Plans that renew").
export type { OrderRenewal, RenewingPlan } from "./subscriptions/renewal-choice";
// A membership's plan by card: reminders send a renewal notice instead, or offer to turn renewal back on (docs/memberships.md, "Reminders").
export { renewalByCard } from "./subscriptions/subscription-ledger";
