import PDFDocument from "pdfkit";
import { formatPounds } from "../../domain/plans";
import { LONDON_TIME_ZONE } from "../../shared/london-time";
import type { DocumentLine, SellerDetails } from "./seller";
import { vatBreakdown } from "./vat";

/**
 * The one layout of the invoice and the receipt: the seller's header, the
 * document's title and facts (number, dates), the party it is for, the lines,
 * the totals (net, VAT, gross) and closing sections (how to pay, refunds).
 * Each document only says what goes in these slots.
 */
export interface DocumentContent {
  /** "Invoice", "VAT receipt". */
  title: string;
  /** Label and value pairs under the title: "Invoice number", "INV-000001". */
  facts: [string, string][];
  party: { heading: string; lines: string[] };
  lines: DocumentLine[];
  /** After the totals: e.g. "Payment" with the bank details, "Refunds". */
  sections: { heading: string; lines: string[] }[];
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { timeZone: LONDON_TIME_ZONE, day: "numeric", month: "long", year: "numeric" });

/** "28 November 2026", the date in London. */
export function documentDate(date: Date): string {
  return dateFormat.format(date);
}

const LEFT = 50;
const RIGHT = 545;
const COLUMNS = { description: LEFT, quantity: 330, unit: 390, amount: 470 };

export function renderDocumentPdf(content: DocumentContent, seller: SellerDetails): Promise<Buffer> {
  const pdf = new PDFDocument({ size: "A4", margin: LEFT, info: { Title: `${content.title} ${content.facts[0]?.[1] ?? ""}`.trim(), Author: seller.legalName } });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });

  drawSeller(pdf, seller);
  drawTitle(pdf, content);
  drawBlock(pdf, content.party.heading, content.party.lines);
  drawLines(pdf, content.lines);
  drawTotals(pdf, content.lines, seller.vatRatePercent);
  for (const section of content.sections) drawBlock(pdf, section.heading, section.lines);
  pdf.end();
  return done;
}

function drawSeller(pdf: PDFKit.PDFDocument, seller: SellerDetails): void {
  pdf.font("Helvetica-Bold").fontSize(14).text(seller.legalName, LEFT, 50);
  pdf.font("Helvetica").fontSize(10);
  for (const line of seller.addressLines) pdf.text(line);
  pdf.text(`VAT number: ${seller.vatNumber}`);
  pdf.moveDown(1.5);
}

function drawTitle(pdf: PDFKit.PDFDocument, content: DocumentContent): void {
  pdf.font("Helvetica-Bold").fontSize(20).text(content.title, LEFT);
  pdf.fontSize(10);
  for (const [label, value] of content.facts) {
    pdf.font("Helvetica-Bold").text(`${label}: `, LEFT, undefined, { continued: true }).font("Helvetica").text(value);
  }
  pdf.moveDown();
}

function drawBlock(pdf: PDFKit.PDFDocument, heading: string, lines: string[]): void {
  pdf.font("Helvetica-Bold").fontSize(11).text(heading, LEFT);
  pdf.font("Helvetica").fontSize(10);
  for (const line of lines) pdf.text(line, LEFT);
  pdf.moveDown();
}

function drawRow(pdf: PDFKit.PDFDocument, cells: [string, string, string, string]): void {
  const y = pdf.y;
  pdf.text(cells[0], COLUMNS.description, y, { width: COLUMNS.quantity - COLUMNS.description - 10 });
  const bottom = pdf.y;
  pdf.text(cells[1], COLUMNS.quantity, y, { width: COLUMNS.unit - COLUMNS.quantity - 10, align: "right" });
  pdf.text(cells[2], COLUMNS.unit, y, { width: COLUMNS.amount - COLUMNS.unit - 10, align: "right" });
  pdf.text(cells[3], COLUMNS.amount, y, { width: RIGHT - COLUMNS.amount, align: "right" });
  pdf.y = Math.max(bottom, pdf.y);
  pdf.x = LEFT;
}

function rule(pdf: PDFKit.PDFDocument): void {
  pdf.moveTo(LEFT, pdf.y).lineTo(RIGHT, pdf.y).lineWidth(0.5).stroke();
  pdf.moveDown(0.3);
}

function drawLines(pdf: PDFKit.PDFDocument, lines: DocumentLine[]): void {
  pdf.font("Helvetica-Bold").fontSize(10);
  drawRow(pdf, ["Description", "Quantity", "Unit price", "Amount"]);
  rule(pdf);
  pdf.font("Helvetica");
  for (const line of lines) {
    drawRow(pdf, [line.description, String(line.quantity), formatPounds(line.unitGrossPence), formatPounds(line.quantity * line.unitGrossPence)]);
  }
  rule(pdf);
  pdf.font("Helvetica").fontSize(9).text("Prices include VAT.", LEFT).fontSize(10);
  pdf.moveDown(0.5);
}

function drawTotals(pdf: PDFKit.PDFDocument, lines: DocumentLine[], ratePercent: number): void {
  const gross = lines.reduce((sum, line) => sum + line.quantity * line.unitGrossPence, 0);
  const totals = vatBreakdown(gross, ratePercent);
  const rows: [string, string][] = [
    ["Net", formatPounds(totals.netPence)],
    [`VAT at ${ratePercent}%`, formatPounds(totals.vatPence)],
    ["Total", formatPounds(totals.grossPence)],
  ];
  for (const [label, amount] of rows) {
    pdf.font(label === "Total" ? "Helvetica-Bold" : "Helvetica");
    drawRow(pdf, ["", "", label, amount]);
  }
  pdf.moveDown();
}
