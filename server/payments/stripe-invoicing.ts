import type Stripe from "stripe";
import type { ProviderInvoice, ProviderInvoicing } from "./payment-port";

/*
 * A school's invoice held at Stripe (PAYMENT_PROVIDER=stripe, docs/payments.md,
 * "Pay by invoice"): a customer for the school's billing contact, then an
 * invoice with collection_method send_invoice, the site's own number (one
 * number on both the site's PDF and Stripe's), the PO number as a custom
 * field and the terms as days_until_due, one line for the plan, finalised.
 * The site sends its own email with its PDF, so Stripe's is not sent
 * (auto_advance false). Bank transfers (customer balance) or a card on
 * Stripe's hosted page pay it; `invoice.paid` reports it (stripe-provider.ts).
 * Every call carries an idempotency key made from the invoice number, so a
 * retried issue (the chasing job retries one that failed) makes one invoice.
 */

/** The metadata that marks a Stripe invoice as one of the site's school invoices. */
export const SCHOOL_INVOICE_KIND = "school-invoice";

export function stripeInvoicing(stripe: Stripe): ProviderInvoicing {
  return {
    async issue(invoice: ProviderInvoice) {
      const key = (step: string) => `${invoice.number}-${step}`;
      // The billing address as typed: its first line, the middle ones, and the last (the postcode, as the form asks).
      const lines = invoice.customer.addressLines;
      const customer = await stripe.customers.create(
        {
          name: invoice.customer.schoolName,
          email: invoice.customer.email,
          description: `Billing contact: ${invoice.customer.contactName}`,
          address: { line1: lines[0] ?? "", line2: lines.slice(1, -1).join(", ") || undefined, postal_code: lines.length > 1 ? lines.at(-1) : undefined, country: "GB" },
          metadata: { orderId: String(invoice.orderId) },
        },
        { idempotencyKey: key("customer") },
      );
      const created = await stripe.invoices.create(
        {
          customer: customer.id,
          collection_method: "send_invoice",
          days_until_due: invoice.termsDays,
          auto_advance: false,
          currency: "gbp",
          number: invoice.number,
          description: invoice.description,
          custom_fields: invoice.purchaseOrder ? [{ name: "PO number", value: invoice.purchaseOrder.slice(0, 140) }] : undefined,
          metadata: { kind: SCHOOL_INVOICE_KIND, number: invoice.number, orderId: String(invoice.orderId) },
          pending_invoice_items_behavior: "exclude",
        },
        { idempotencyKey: key("invoice") },
      );
      await stripe.invoiceItems.create(
        { customer: customer.id, invoice: created.id, amount: invoice.amountPence, currency: "gbp", description: invoice.description },
        { idempotencyKey: key("line") },
      );
      const finalised = await stripe.invoices.finalizeInvoice(created.id, { auto_advance: false }, { idempotencyKey: key("finalise") });
      return { reference: finalised.id ?? created.id!, payUrl: finalised.hosted_invoice_url ?? null };
    },
  };
}
