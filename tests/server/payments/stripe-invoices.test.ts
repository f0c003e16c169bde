import request from "supertest";
import { freshToken, outboxFor } from "../accounts/support";
import { addSchool } from "../memberships/support";
import { databaseEngines } from "../support/databases";
import { pdfText } from "./pdf-text";
import { signedInPayer, type Payer } from "./support";
import { stripeInvoicePaid, useStripeTestApp } from "./stripe-stand-in";

/*
 * A school's invoice with PAYMENT_PROVIDER=stripe (issue 29): the site issues
 * it as with the sandbox (its number, PDF and email), and Stripe holds it too,
 * as an invoice collected by transfer (send_invoice) with the same number; a
 * signed invoice.paid records the payment once, as finance would by hand.
 */
describe.each(databaseEngines)("school invoices held at Stripe, on %s", (engine) => {
  const app = useStripeTestApp(engine);

  let schools = 0;
  async function invoiced(): Promise<{ payer: Payer; schoolId: number; contact: string }> {
    const domain = `stripe-school${++schools}.example`;
    const { schoolId } = await addSchool(app.t.database.db, app.crm, { name: `Rowan Prep ${schools}`, kind: "independent", domains: [domain] });
    const payer = await signedInPayer(app.t, `head@${domain}`, { verified: true });
    const contact = `bursar@${domain}`;
    const path = `/account/school/${schoolId}/invoice/`;
    const answer = await payer.agent
      .post(path)
      .type("form")
      .send({ _csrf: await freshToken(payer.agent, path), numberOfUsers: "5", contactName: "Pat Bursar", contactEmail: contact, address: "Rowan Prep\n2 Elm Road\nBath\nBA1 1AA", purchaseOrder: "PO-77" });
    expect(answer.status).toBe(303);
    return { payer, schoolId, contact };
  }

  const invoiceOf = (schoolId: number) =>
    app.t.database.db
      .selectFrom("school_invoices")
      .innerJoin("payment_orders", "payment_orders.id", "school_invoices.order_id")
      .selectAll("school_invoices")
      .select(["payment_orders.status", "payment_orders.provider_reference"])
      .where("payment_orders.organisation_id", "=", schoolId)
      .executeTakeFirstOrThrow();
  const notify = (webhook: { payload: string; headers: Record<string, string> }) =>
    request(app.t.app).post("/payments/notifications/stripe/").set(webhook.headers).send(webhook.payload);

  it("has Stripe hold the invoice with the site's number, PO and terms, collected by transfer; the PDF and School tab link its payment page", async () => {
    const calls = app.stripe.calls.length;
    const { payer, schoolId } = await invoiced();
    const invoice = await invoiceOf(schoolId);
    const made = app.stripe.calls.slice(calls);
    expect(made.map((call) => `${call.method} ${call.path}`)).toEqual([
      "POST /v1/customers",
      "POST /v1/invoices",
      "POST /v1/invoiceitems",
      expect.stringMatching(/^POST \/v1\/invoices\/in_standin\d+\/finalize$/),
    ]);
    const [customer, created, line] = made;
    expect(Object.fromEntries(customer!.form)).toMatchObject({ name: `Rowan Prep ${schools}`, email: invoice.contact_email, "address[line1]": "Rowan Prep", "address[postal_code]": "BA1 1AA" });
    expect(Object.fromEntries(created!.form)).toMatchObject({
      collection_method: "send_invoice",
      days_until_due: "30",
      auto_advance: "false",
      currency: "gbp",
      number: invoice.number,
      "custom_fields[0][name]": "PO number",
      "custom_fields[0][value]": "PO-77",
      "metadata[kind]": "school-invoice",
      "metadata[orderId]": String(invoice.order_id),
    });
    expect(Object.fromEntries(line!.form)).toMatchObject({ amount: "25000", currency: "gbp", invoice: expect.stringMatching(/^in_standin/) });
    // Retried calls would make one invoice: every call has a key from the invoice number.
    expect(made.map((call) => call.idempotencyKey)).toEqual([`${invoice.number}-customer`, `${invoice.number}-invoice`, `${invoice.number}-line`, `${invoice.number}-finalise`]);

    expect(invoice.provider_reference).toBe(line!.form.get("invoice"));
    expect(invoice.pay_url).toBe(`https://invoice.stripe.com/i/acct_standin/${invoice.provider_reference}`);
    expect(await pdfText((await request(app.t.app).get(`/invoices/${invoice.token}/`)).body as Buffer)).toContain(invoice.pay_url);
    const tab = await payer.agent.get("/account/my-account/").set("Accept", "text/html");
    expect(tab.text).toContain(`href="${invoice.pay_url}"`);
  });

  it("records a signed invoice.paid once, even sent twice at once; an invoice that is not a school's changes nothing", async () => {
    const { schoolId, contact } = await invoiced();
    const invoice = await invoiceOf(schoolId);
    const paid = stripeInvoicePaid(invoice.provider_reference!, { kind: "school-invoice", number: invoice.number });
    expect((await Promise.all([notify(paid), notify(paid)])).map((answer) => answer.status)).toEqual([200, 200]);

    const after = await invoiceOf(schoolId);
    expect(after).toMatchObject({ status: "approved", paid_by_staff_id: null, payment_note: "Paid through stripe" });
    expect((await outboxFor(app.t.database.db, contact)).filter((mail) => mail.subject.includes("is paid"))).toHaveLength(1);
    const audit = await app.t.database.db.selectFrom("audit_events").select("id").where("event", "=", "invoice.paid").where("record_id", "=", String(invoice.order_id)).execute();
    expect(audit).toHaveLength(1);

    const other = await invoiced();
    const unrelated = await invoiceOf(other.schoolId);
    expect((await notify(stripeInvoicePaid(unrelated.provider_reference!, {}))).status).toBe(200);
    expect((await invoiceOf(other.schoolId)).status).toBe("invoiced");
    // Forged: refused, nothing recorded.
    const forged = stripeInvoicePaid(unrelated.provider_reference!, { kind: "school-invoice" }, "whsec_not_the_secret");
    expect((await notify(forged)).status).toBe(400);
    expect((await invoiceOf(other.schoolId)).status).toBe("invoiced");
  });

  it("issues the invoice all the same when Stripe fails, and the chasing job has Stripe hold it later", async () => {
    app.stripe.failWith(500);
    let schoolId: number;
    try {
      ({ schoolId } = await invoiced());
    } finally {
      app.stripe.failWith(undefined);
    }
    const before = await invoiceOf(schoolId);
    expect(before.status).toBe("invoiced");
    expect(before.provider_reference).toMatch(/^invoice_/);
    expect(before.pay_url).toBeNull();
    expect(await app.crm.memberships(schoolId)).toHaveLength(1);
    expect(app.t.logLines()).toContainEqual(expect.objectContaining({ level: 40, msg: "invoice not held at the payment provider yet: the chasing job tries again", number: before.number }));

    await app.t.services.features.schoolInvoices.chaseDue(new Date());
    const after = await invoiceOf(schoolId);
    expect(after.provider_reference).toMatch(/^in_standin/);
    expect(after.pay_url).toContain(after.provider_reference);
  });
});
