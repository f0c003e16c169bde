/*
 * Invoices and receipts (issue 29; docs/payments.md "Receipts and invoices"):
 * their numbers, VAT, and their PDFs, drawn by one layout. The rest of
 * server/payments/ imports these from here.
 */

export type { DocumentLine, SellerDetails } from "./seller";
export { renderInvoicePdf, type InvoiceDocument } from "./invoice-pdf";
export { renderReceiptPdf, type ReceiptDocument } from "./receipt-pdf";
export { nextDocumentNumber, type DocumentSeries } from "./document-numbers";
export { vatBreakdown, type VatBreakdown } from "./vat";
