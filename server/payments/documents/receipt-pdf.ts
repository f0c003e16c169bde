import { formatPounds } from "../../domain/plans";
import { documentDate, renderDocumentPdf, type DocumentContent } from "./document-layout";
import type { DocumentLine, SellerDetails } from "./seller";

/** A paid card order's VAT receipt, as printed. */
export interface ReceiptDocument {
  /** From nextDocumentNumber(trx, "receipt"), taken when the payment was fulfilled. */
  number: string;
  paidOn: Date;
  payer: { name: string; email: string };
  /** The school paid for, when it was one. */
  schoolName?: string;
  lines: DocumentLine[];
  /** The provider's reference for the payment. */
  paymentReference: string;
  refunds: { amountPence: number; refundedOn: Date }[];
  /** The plan renews at the provider each month or year (a card on file); absent for a one-off payment. */
  renews?: "month" | "year";
}

export function renderReceiptPdf(receipt: ReceiptDocument, seller: SellerDetails): Promise<Buffer> {
  return renderDocumentPdf(receiptContent(receipt), seller);
}

function receiptContent(receipt: ReceiptDocument): DocumentContent {
  const sections = [{ heading: "Payment", lines: ["Paid by card.", `Payment reference: ${receipt.paymentReference}`] }];
  if (receipt.renews) {
    sections.push({
      heading: "Renewal",
      lines: [`This plan renews automatically each ${receipt.renews}, charged to the same card, until renewal is turned off on the Membership tab of My account.`],
    });
  }
  if (receipt.refunds.length > 0) {
    const refunded = receipt.refunds.reduce((sum, refund) => sum + refund.amountPence, 0);
    sections.push({
      heading: "Refunds",
      lines: [
        ...receipt.refunds.map((refund) => `Refunded ${formatPounds(refund.amountPence)} on ${documentDate(refund.refundedOn)}.`),
        `Refunded in total: ${formatPounds(refunded)}.`,
      ],
    });
  }
  return {
    title: "VAT receipt",
    facts: [
      ["Receipt number", receipt.number],
      ["Date paid", documentDate(receipt.paidOn)],
    ],
    party: { heading: "Paid by", lines: [receipt.payer.name, receipt.payer.email, ...(receipt.schoolName ? [`For ${receipt.schoolName}`] : [])] },
    lines: receipt.lines,
    sections,
  };
}
