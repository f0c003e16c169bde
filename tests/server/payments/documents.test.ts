import { openDatabase } from "../../../server/open-database";
import { nextDocumentNumber, renderInvoicePdf, renderReceiptPdf, vatBreakdown, type SellerDetails } from "../../../server/payments/documents";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { pdfText } from "./pdf-text";

const seller: SellerDetails = {
  legalName: "Greyfriars Playhouse Trust Ltd",
  addressLines: ["1 Greyfriars Lane", "Bristol", "BS1 1AA"],
  vatNumber: "GB 123 4567 89",
  vatRatePercent: 20,
  bank: { accountName: "Greyfriars Playhouse Trust", sortCode: "12-34-56", accountNumber: "87654321" },
};

describe("VAT on VAT-inclusive prices", () => {
  it("splits a gross amount into net and VAT that add up to it", () => {
    expect(vatBreakdown(25_000, 20)).toEqual({ netPence: 20_833, vatPence: 4_167, grossPence: 25_000 });
    expect(vatBreakdown(3_999, 20)).toEqual({ netPence: 3_333, vatPence: 666, grossPence: 3_999 });
    expect(vatBreakdown(6_000, 0)).toEqual({ netPence: 6_000, vatPence: 0, grossPence: 6_000 });
    for (let gross = 0; gross < 2_000; gross += 7) {
      const { netPence, vatPence } = vatBreakdown(gross, 20);
      expect(netPence + vatPence).toBe(gross);
    }
  });
});

describe("the invoice PDF", () => {
  const invoice = {
    number: "INV-000042",
    issuedOn: new Date("2026-11-28T10:00:00Z"),
    dueOn: new Date("2026-12-28T10:00:00Z"),
    billTo: { schoolName: "St Catherine's School", contactName: "Pat Bursar", contactEmail: "bursar@stcatherines.example", addressLines: ["2 Church Road", "Bath", "BA1 2BB"] },
    lines: [{ description: "School annual membership, 10 users", quantity: 1, unitGrossPence: 25_000 }],
  };

  it("reads back with the seller, the school, the PO, the lines, net, VAT, gross, the due date and the bank details", async () => {
    const text = await pdfText(await renderInvoicePdf({ ...invoice, purchaseOrder: "PO-7781", paymentUrl: "https://pay.example/inv_1" }, seller));
    for (const expected of [
      "Greyfriars Playhouse Trust Ltd",
      "1 Greyfriars Lane",
      "BS1 1AA",
      "VAT number: GB 123 4567 89",
      "Invoice",
      "Invoice number: INV-000042",
      "Issued: 28 November 2026",
      "Due: 28 December 2026",
      "Purchase order: PO-7781",
      "St Catherine's School",
      "For the attention of Pat Bursar",
      "bursar@stcatherines.example",
      "School annual membership, 10 users",
      "Net £208.33",
      "VAT at 20% £41.67",
      "Total £250.00",
      "Please pay £250.00 by 28 December 2026, quoting INV-000042.",
      "sort code 12-34-56, account number 87654321",
      "https://pay.example/inv_1",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Paid on");
  });

  it("leaves out the PO when none is given, and says when it was paid instead of how to pay", async () => {
    const text = await pdfText(await renderInvoicePdf({ ...invoice, paidOn: new Date("2026-12-10T12:00:00Z") }, seller));
    expect(text).not.toContain("Purchase order");
    expect(text).toContain("Paid on 10 December 2026.");
    expect(text).not.toContain("sort code");
  });

  it("totals several lines with quantities", async () => {
    const lines = [
      { description: "Seats", quantity: 3, unitGrossPence: 1_000 },
      { description: "Workshop", quantity: 1, unitGrossPence: 3_999 },
    ];
    const text = await pdfText(await renderInvoicePdf({ ...invoice, lines }, seller));
    expect(text).toContain("Seats 3 £10.00 £30.00");
    expect(text).toContain("Net £58.33");
    expect(text).toContain("VAT at 20% £11.66");
    expect(text).toContain("Total £69.99");
  });
});

describe("the receipt PDF", () => {
  const receipt = {
    number: "RCT-000007",
    paidOn: new Date("2026-11-28T10:00:00Z"),
    payer: { name: "Ada Payer", email: "ada@example.com" },
    schoolName: "St Catherine's School",
    lines: [{ description: "Annual plan", quantity: 1, unitGrossPence: 6_000 }],
    paymentReference: "sandbox_abc123",
    refunds: [],
  };

  it("reads back as a VAT receipt paid by card, with its number, date, payer, school, totals and reference", async () => {
    const text = await pdfText(await renderReceiptPdf(receipt, seller));
    for (const expected of [
      "Greyfriars Playhouse Trust Ltd",
      "VAT number: GB 123 4567 89",
      "VAT receipt",
      "Receipt number: RCT-000007",
      "Date paid: 28 November 2026",
      "Ada Payer",
      "ada@example.com",
      "For St Catherine's School",
      "Annual plan 1 £60.00 £60.00",
      "Net £50.00",
      "VAT at 20% £10.00",
      "Total £60.00",
      "Paid by card.",
      "Payment reference: sandbox_abc123",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Refund");
  });

  it("says what was refunded", async () => {
    const refunds = [
      { amountPence: 1_000, refundedOn: new Date("2026-12-01T10:00:00Z") },
      { amountPence: 500, refundedOn: new Date("2026-12-02T10:00:00Z") },
    ];
    const text = await pdfText(await renderReceiptPdf({ ...receipt, refunds }, seller));
    expect(text).toContain("Refunded £10.00 on 1 December 2026.");
    expect(text).toContain("Refunded £5.00 on 2 December 2026.");
    expect(text).toContain("Refunded in total: £15.00.");
  });
});

describe.each(databaseEngines)("document numbers on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  it("numbers each series on its own, from 1, and gives a rolled-back number back", async () => {
    const { db } = database;
    expect(await db.transaction().execute((trx) => nextDocumentNumber(trx, "invoice"))).toBe("INV-000001");
    expect(await db.transaction().execute((trx) => nextDocumentNumber(trx, "receipt"))).toBe("RCT-000001");
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await nextDocumentNumber(trx, "invoice")).toBe("INV-000002");
        throw new Error("the caller's work failed");
      }),
    ).rejects.toThrow("the caller's work failed");
    expect(await db.transaction().execute((trx) => nextDocumentNumber(trx, "invoice"))).toBe("INV-000002");
    expect(await db.transaction().execute((trx) => nextDocumentNumber(trx, "receipt"))).toBe("RCT-000002");
  });

  it("never gives two concurrent transactions the same number, and leaves no gaps", async () => {
    // Its own pool, wide enough for the transactions to overlap on PostgreSQL.
    const handle = engine === "postgres" ? openDatabase(database.url, { maxConnections: 12 }) : database.handle;
    try {
      const before = Number((await handle.db.transaction().execute((trx) => nextDocumentNumber(trx, "receipt"))).slice(4));
      const numbers = await Promise.all(
        Array.from({ length: 30 }, () =>
          handle.db.transaction().execute(async (trx) => {
            const number = await nextDocumentNumber(trx, "receipt");
            await new Promise((resolve) => setTimeout(resolve, 5));
            return number;
          }),
        ),
      );
      expect(new Set(numbers).size).toBe(30);
      const expected = Array.from({ length: 30 }, (_, index) => `RCT-${String(before + 1 + index).padStart(6, "0")}`);
      expect([...numbers].sort()).toEqual(expected);
    } finally {
      if (handle !== database.handle) await handle.close();
    }
  });
});
