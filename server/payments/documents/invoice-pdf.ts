import { formatPounds } from "../../domain/plans";
import { documentDate, renderDocumentPdf, type DocumentContent } from "./document-layout";
import type { DocumentLine, SellerDetails } from "./seller";

/** A school's invoice, as printed. */
export interface InvoiceDocument {
  /** From nextDocumentNumber(trx, "invoice"). */
  number: string;
  issuedOn: Date;
  dueOn: Date;
  billTo: { schoolName: string; contactName: string; contactEmail: string; addressLines: string[] };
  purchaseOrder?: string;
  lines: DocumentLine[];
  /** When the provider gives one (Stripe's hosted invoice page). */
  paymentUrl?: string;
  /** Shows "Paid on …" when set. */
  paidOn?: Date;
}

export function renderInvoicePdf(invoice: InvoiceDocument, seller: SellerDetails): Promise<Buffer> {
  return renderDocumentPdf(invoiceContent(invoice, seller), seller);
}

function invoiceContent(invoice: InvoiceDocument, seller: SellerDetails): DocumentContent {
  const facts: [string, string][] = [
    ["Invoice number", invoice.number],
    ["Issued", documentDate(invoice.issuedOn)],
    ["Due", documentDate(invoice.dueOn)],
  ];
  if (invoice.purchaseOrder) facts.push(["Purchase order", invoice.purchaseOrder]);
  const { billTo } = invoice;
  const total = invoice.lines.reduce((sum, line) => sum + line.quantity * line.unitGrossPence, 0);
  const payment = invoice.paidOn
    ? { heading: "Paid", lines: [`Paid on ${documentDate(invoice.paidOn)}. Thank you.`] }
    : {
        heading: "How to pay",
        lines: [
          `Please pay ${formatPounds(total)} by ${documentDate(invoice.dueOn)}, quoting ${invoice.number}.`,
          `Bank transfer to ${seller.bank.accountName}, sort code ${seller.bank.sortCode}, account number ${seller.bank.accountNumber}.`,
          ...(invoice.paymentUrl ? [`Or pay online: ${invoice.paymentUrl}`] : []),
        ],
      };
  return {
    title: "Invoice",
    facts,
    party: { heading: "Bill to", lines: [billTo.schoolName, ...billTo.addressLines, `For the attention of ${billTo.contactName}`, billTo.contactEmail] },
    lines: invoice.lines,
    sections: [payment],
  };
}
