import request from "supertest";
import { outboxFor } from "../accounts/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { pdfText } from "./pdf-text";
import { basketItem, orderRow, payOnSandbox, sessionIdIn, signedInPayer, type Payer } from "./support";

/** A PDF answer's body as a Buffer (supertest leaves binary bodies alone only when asked). */
function binary(res: request.Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => callback(null, Buffer.concat(chunks)));
}

/** A page's <main>: the same for the same answer, whoever asked (the header's CSRF token differs per session). */
const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0];

describe.each(databaseEngines)("VAT receipts on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine });
  });
  afterAll(() => t.close());

  let people = 0;
  const signedIn = () => signedInPayer(t, `receipts${++people}@example.com`);

  /** Buys an individual annual plan (£60.00) with this card: the order's session id. */
  async function pay(payer: Payer, card = "4242 4242 4242 4242"): Promise<string> {
    const basket = await payer.agent.post("/account/add-to-basket/").set("X-CSRFToken", payer.token).send(basketItem(payer.id));
    expect(basket.status).toBe(201);
    const sessionId = sessionIdIn(basket.body);
    expect((await payOnSandbox(payer.agent, payer.token, sessionId, card)).status).toBe(303);
    return sessionId;
  }

  const receiptOf = (agent: Payer["agent"] | ReturnType<typeof request.agent>, path: string) => agent.get(path).buffer(true).parse(binary);

  it("numbers the paid order's receipt in its fulfilment, and links it from the receipt email and from the Membership tab of My account", async () => {
    const payer = await signedIn();
    const sessionId = await pay(payer);
    const order = await orderRow(t.database.db, sessionId);
    const receipt = await t.database.db.selectFrom("payment_receipts").selectAll().where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(receipt.number).toMatch(/^RCT-\d{6}$/);
    const path = `/account/my-account/receipts/${sessionId}.pdf`;
    const [email] = await outboxFor(t.database.db, payer.email);
    expect(email!.text_body).toContain(`${t.config.publicUrl}${path}`);
    expect(email!.html_body).toContain(`href="${t.config.publicUrl}${path}"`);
    const page = await payer.agent.get("/account/my-account/");
    expect(page.text).toContain(`<a href="${path}">VAT receipt`);
  });

  it("gives the payer the PDF: the seller, number, date, payer, line, net, VAT, gross, reference, paid by card", async () => {
    const payer = await signedIn();
    const sessionId = await pay(payer);
    const order = await orderRow(t.database.db, sessionId);
    const { number } = await t.database.db.selectFrom("payment_receipts").select("number").where("order_id", "=", order.id).executeTakeFirstOrThrow();
    const answer = await receiptOf(payer.agent, `/account/my-account/receipts/${sessionId}.pdf`);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/pdf");
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.headers["content-disposition"]).toBe(`inline; filename="receipt-${number}.pdf"`);
    const text = await pdfText(answer.body as Buffer);
    for (const expected of [
      t.config.sellerLegalName,
      `VAT number: ${t.config.sellerVatNumber}`,
      "VAT receipt",
      `Receipt number: ${number}`,
      "Date paid: ",
      payer.email,
      "Net £50.00",
      "VAT at 20% £10.00",
      "Total £60.00",
      "Paid by card.",
      `Payment reference: ${order.provider_reference}`,
      // The annual plan renews by default (issue 29), and the receipt says so.
      "This plan renews automatically each year",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Refund");
  });

  it("says what was refunded on a refunded order's receipt", async () => {
    const payer = await signedIn();
    const sessionId = await pay(payer);
    const order = await orderRow(t.database.db, sessionId);
    await t.database.db
      .insertInto("payment_refunds")
      .values({ order_id: order.id, amount_pence: 1_500, refunded_total_pence: 1_500, provider_reference: "sbx_re_1", started_by: "provider", staff_id: null, created_at: "2026-12-01T10:00:00.000Z" })
      .execute();
    const text = await pdfText((await receiptOf(payer.agent, `/account/my-account/receipts/${sessionId}.pdf`)).body as Buffer);
    expect(text).toContain("Refunded £15.00 on 1 December 2026.");
    expect(text).toContain("Total £60.00");
  });

  it("is not found for another member, nor for an unpaid order, exactly as for an unknown one; a visitor is sent to sign in either way", async () => {
    const payer = await signedIn();
    const sessionId = await pay(payer);
    const declined = await pay(payer, "4000 0000 0000 0002");
    const other = await signedIn();
    const unknown = await other.agent.get("/account/my-account/receipts/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.pdf");
    expect(unknown.status).toBe(404);
    const someoneElses = await other.agent.get(`/account/my-account/receipts/${sessionId}.pdf`);
    expect(someoneElses.status).toBe(404);
    expect(mainOf(unknown.text)).toContain("Your receipts are listed on the Membership tab of My account.");
    expect(mainOf(someoneElses.text)).toBe(mainOf(unknown.text));
    const unpaid = await payer.agent.get(`/account/my-account/receipts/${declined}.pdf`);
    expect(unpaid.status).toBe(404);
    expect(mainOf(unpaid.text)).toBe(mainOf(unknown.text));
    expect(await t.database.db.selectFrom("payment_receipts").select("order_id").where("order_id", "=", (await orderRow(t.database.db, declined)).id).execute()).toEqual([]);
    expect((await payer.agent.get("/account/my-account/")).text).not.toContain(`/receipts/${declined}.pdf`);

    const visitor = await request(t.app).get(`/account/my-account/receipts/${sessionId}.pdf`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toBe(`/account/login/?next=${encodeURIComponent(`/account/my-account/receipts/${sessionId}.pdf`)}`);
    expect(visitor.headers["content-type"]).not.toBe("application/pdf");
  });
});
