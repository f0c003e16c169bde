import request from "supertest";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { createMemberAccess } from "../../../server/memberships/member-access-reader";
import { membershipSuspensions } from "../../../server/memberships/membership-suspensions";
import { freshToken, outboxFor } from "../accounts/support";
import { addMember, addSchool, ids, join } from "../memberships/support";
import { databaseEngines } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";
import { enrolledStaff, staffToken } from "../staff/support";
import { pdfText } from "./pdf-text";
import { signedInPayer, type Payer } from "./support";

const day = 86_400_000;

/** The form as the School tab's admin fills it in. */
const filledIn = (overrides: Record<string, string> = {}) => ({
  numberOfUsers: "5",
  contactName: "Pat Bursar",
  contactEmail: "bursar@stcatherines.example",
  address: "St Catherine's School\n1 School Lane\nLeeds\nLS1 1AA",
  purchaseOrder: "PO-4471",
  ...overrides,
});

describe.each(databaseEngines)("schools that pay by invoice, on %s", (engine) => {
  let t: TestApp;
  let crm: ReturnType<typeof createSqlCrm>;

  beforeAll(async () => {
    t = await createTestApp({ engine });
    crm = createSqlCrm(t.database.db, ids);
  });
  afterAll(() => t.close());

  let schools = 0;
  /** A verified teacher at a register school with no membership and no admin: who may order its first membership. */
  async function firstBuyer(): Promise<{ payer: Payer; schoolId: number; domain: string }> {
    const domain = `school${++schools}.example`;
    const { schoolId } = await addSchool(t.database.db, crm, { name: `St Catherine's ${schools}`, kind: "independent", domains: [domain] });
    const payer = await signedInPayer(t, `head@${domain}`, { verified: true });
    return { payer, schoolId, domain };
  }

  const postForm = async (payer: Payer, schoolId: number, fields: Record<string, string>) =>
    payer.agent
      .post(`/account/school/${schoolId}/invoice/`)
      .type("form")
      .send({ _csrf: await freshToken(payer.agent, `/account/school/${schoolId}/invoice/`), ...fields });

  const invoiceOf = (schoolId: number) =>
    t.database.db
      .selectFrom("school_invoices")
      .innerJoin("payment_orders", "payment_orders.id", "school_invoices.order_id")
      .selectAll("school_invoices")
      .select(["payment_orders.status", "payment_orders.membership_id", "payment_orders.amount_pence"])
      .where("payment_orders.organisation_id", "=", schoolId)
      .executeTakeFirstOrThrow();

  const invoices = () => t.services.features.schoolInvoices;

  it("offers the form prefilled from the person and the school, and keeps what was typed when it is wrong", async () => {
    const { payer, schoolId } = await firstBuyer();
    const form = await payer.agent.get(`/account/school/${schoolId}/invoice/`).set("Accept", "text/html");
    expect(form.status).toBe(200);
    expect(form.text).toContain(`value="head@school${schools}.example"`);
    expect(form.text).toContain("1 School Lane");
    expect(form.text).toContain("LS1 1AA");
    // From the wizard's plan step with 6 users: the plan for up to 10 is chosen.
    const fromWizard = await payer.agent.get(`/account/school/${schoolId}/invoice/?users=6`).set("Accept", "text/html");
    expect(fromWizard.text).toMatch(/value="10" checked/);

    const refused = await postForm(payer, schoolId, filledIn({ contactName: "", contactEmail: "not an address", numberOfUsers: "", purchaseOrder: "PO-KEEP-ME" }));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Enter the name of the person who pays your school&#39;s invoices.");
    expect(refused.text).toContain("Please enter a valid email address");
    expect(refused.text).toContain("Choose how many people will use the membership");
    expect(refused.text).toContain('value="PO-KEEP-ME"');
    expect(refused.text).toContain('value="not an address"');
    expect(await crm.memberships(schoolId)).toEqual([]);
  });

  it("starts the membership at once, makes the payer admin, numbers the invoice and emails it to the billing contact", async () => {
    const { payer, schoolId } = await firstBuyer();
    const issued = await postForm(payer, schoolId, filledIn());
    expect(issued.status).toBe(303);
    expect(issued.headers.location).toBe("/account/my-account/#school");

    const invoice = await invoiceOf(schoolId);
    expect(invoice).toMatchObject({ status: "invoiced", purchase_order: "PO-4471", contact_email: "bursar@stcatherines.example", amount_pence: 25000 });
    expect(invoice.number).toMatch(/^INV-\d{6}$/);
    expect(Date.parse(invoice.due_at) - Date.parse(invoice.issued_at)).toBe(30 * day);
    const memberships = await crm.memberships(schoolId);
    expect(memberships).toHaveLength(1);
    expect(memberships[0]!.Id).toBe(invoice.membership_id);
    const admins = await crm.affiliations({ groupConstituentId: schoolId, individualConstituentId: payer.id, currentAt: new Date() });
    expect(admins.map((affiliation) => affiliation.AffiliationType.Id)).toEqual([ids.affiliationTypes.admin]);

    const [mail] = await outboxFor(t.database.db, "bursar@stcatherines.example");
    expect(mail!.subject).toMatch(new RegExp(`^Invoice ${invoice.number} from .+ \\(PO PO-4471\\)$`));
    expect(mail!.text_body).toContain(`/invoices/${invoice.token}/`);
    expect(mail!.text_body).toContain("£250.00");

    // The School tab lists it, with its download link, for the admin.
    const tab = await payer.agent.get("/account/my-account/").set("Accept", "text/html");
    expect(tab.text).toContain(invoice.number);
    expect(tab.text).toContain(`/account/school/${schoolId}/invoices/${invoice.number}/`);
    expect(tab.text).toContain("PO-4471");
  });

  it("gives the PDF to the emailed link and to the school's admins, and to nobody else", async () => {
    const { payer, schoolId } = await firstBuyer();
    await postForm(payer, schoolId, filledIn());
    const invoice = await invoiceOf(schoolId);

    const byLink = await request(t.app).get(`/invoices/${invoice.token}/`);
    expect(byLink.status).toBe(200);
    expect(byLink.headers["content-type"]).toBe("application/pdf");
    expect(byLink.headers["cache-control"]).toBe("private, no-store");
    expect(byLink.headers["content-disposition"]).toBe(`inline; filename="${invoice.number}.pdf"`);
    // Parsed back: the number, the PO, the school and contact, the line, net, VAT and gross, the due date and the bank details.
    const text = await pdfText(byLink.body as Buffer);
    for (const expected of [invoice.number, "PO-4471", "Pat Bursar", "St Catherine's", "£208.33", "£41.67", "£250.00", t.config.bankSortCode, t.config.sellerVatNumber]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Paid on");

    expect((await request(t.app).get(`/invoices/${"x".repeat(32)}/`)).status).toBe(404);
    const asAdmin = await payer.agent.get(`/account/school/${schoolId}/invoices/${invoice.number}/`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.headers["content-type"]).toBe("application/pdf");

    const stranger = await signedInPayer(t, `stranger${schools}@elsewhere.example`);
    expect((await stranger.agent.get(`/account/school/${schoolId}/invoices/${invoice.number}/`)).status).toBe(404);
  });

  it("refuses someone who may not buy for the school, on the form and on the post, and orders nothing", async () => {
    const { schoolId } = await firstBuyer();
    const outsider = await signedInPayer(t, `outsider${schools}@elsewhere.example`, { verified: true });
    const form = await outsider.agent.get(`/account/school/${schoolId}/invoice/`).set("Accept", "text/html");
    expect(form.status).toBe(403);
    expect(form.text).toContain("Only someone with one of this school&#39;s email addresses");
    expect((await postForm(outsider, schoolId, filledIn())).status).toBe(403);
    expect(await crm.memberships(schoolId)).toEqual([]);
  });

  it("chases an unpaid invoice once per step, pauses the school at 60 days, and restores it when finance marks it paid", async () => {
    const { payer, schoolId } = await firstBuyer();
    await postForm(payer, schoolId, filledIn({ contactEmail: `bursar${schools}@chase.example` }));
    const invoice = await invoiceOf(schoolId);
    const teacher = await addMember(t.database.db, `teacher${schools}@chase.example`);
    await join(crm, schoolId, teacher, "user");
    const memberAccess = createMemberAccess({ crm, ids, suspensions: membershipSuspensions(t.database.db) });
    const issuedAt = Date.parse(invoice.issued_at);
    const at = (days: number) => new Date(issuedAt + days * day + 60_000);
    const mails = async () => (await outboxFor(t.database.db, invoice.contact_email)).map((mail) => mail.subject);

    // Other tests' invoices may be due in the same rounds: count this invoice's steps and mails.
    const steps = async () =>
      (await t.database.db.selectFrom("invoice_chasers").select("step").where("order_id", "=", invoice.order_id).orderBy("taken_at").execute()).map((row) => row.step);
    await invoices().chaseDue(at(29));
    expect(await steps()).toEqual([]);
    await invoices().chaseDue(at(30));
    await invoices().chaseDue(at(31));
    expect(await steps()).toEqual(["due"]);
    expect(await mails()).toEqual([`Reminder: invoice ${invoice.number} is due today`, expect.stringContaining(`Invoice ${invoice.number} from`)]);
    await invoices().chaseDue(at(45));
    expect((await mails())[0]).toBe(`Reminder: invoice ${invoice.number} is overdue`);
    expect(await memberAccess(teacher, at(59))).toEqual({ kind: "member" });

    // Two processes at once at 60 days: the claim lets one of them pause it and mail.
    await Promise.all([invoices().chaseDue(at(60)), invoices().chaseDue(at(60))]);
    expect((await mails()).filter((subject) => subject.startsWith("Access paused"))).toEqual([`Access paused: invoice ${invoice.number} is unpaid`]);
    expect(await memberAccess(teacher, at(61))).toEqual({ kind: "paused" });
    // Seats are kept while paused.
    expect(await crm.affiliations({ groupConstituentId: schoolId, individualConstituentId: teacher, currentAt: at(61) })).toHaveLength(1);
    await invoices().chaseDue(at(90));
    expect(await mails()).toHaveLength(4);

    expect(await steps()).toEqual(["due", "overdue", "suspended"]);

    // Support may not; finance marks it paid, once.
    const support = await enrolledStaff(t, "support");
    const refused = await support.agent.post(`/staff/orders/${invoice.order_id}/invoice-paid/`).type("form").send({ _csrf: await staffToken(support.agent), note: "" });
    expect(refused.status).toBe(403);
    const finance = await enrolledStaff(t, "finance");
    // The dashboard counts the schools paused (other tests' invoices may be paused by the same rounds).
    const pausedOnDashboard = async () => Number(/\((\d+) paused for an unpaid invoice\)/.exec((await finance.agent.get("/staff/").set("Accept", "text/html")).text)?.[1] ?? 0);
    const pausedBefore = await pausedOnDashboard();
    expect(pausedBefore).toBeGreaterThanOrEqual(1);
    const page = await finance.agent.get(`/staff/orders/${invoice.order_id}/`).set("Accept", "text/html");
    expect(page.text).toContain(`Invoice ${invoice.number}`);
    expect(page.text).toContain("Unpaid: access paused");
    const token = await staffToken(finance.agent, `/staff/orders/${invoice.order_id}/`);
    const paid = await finance.agent.post(`/staff/orders/${invoice.order_id}/invoice-paid/`).type("form").send({ _csrf: token, note: "BACS 3 March, ref SCH123" });
    expect(paid.status).toBe(303);
    expect((await invoiceOf(schoolId)).status).toBe("approved");
    expect(await pdfText((await request(t.app).get(`/invoices/${invoice.token}/`)).body as Buffer)).toContain("Paid on");
    expect(await memberAccess(teacher, new Date())).toEqual({ kind: "member" });
    expect(await pausedOnDashboard()).toBe(pausedBefore - 1);
    expect((await mails())[0]).toBe(`Invoice ${invoice.number} is paid: thank you`);
    const audit = await t.database.db.selectFrom("audit_events").select(["event", "details"]).where("event", "=", "invoice.paid").execute();
    expect(audit.some((entry) => String(entry.details).includes("BACS 3 March, ref SCH123"))).toBe(true);

    const again = await finance.agent.post(`/staff/orders/${invoice.order_id}/invoice-paid/`).type("form").send({ _csrf: token, note: "" });
    expect(again.status).toBe(303);
    const after = await finance.agent.get(`/staff/orders/${invoice.order_id}/`).set("Accept", "text/html");
    expect(after.text).toContain("is not open: it was already paid");
    expect((await mails()).filter((subject) => subject.includes("is paid"))).toHaveLength(1);
    // Paid: no more chasing.
    await invoices().chaseDue(at(120));
    expect(await steps()).toEqual(["due", "overdue", "suspended"]);
  });
  it("refunds a paid invoice by recording the bank transfer finance made, not through the card provider", async () => {
    const { payer, schoolId } = await firstBuyer();
    await postForm(payer, schoolId, filledIn({ contactEmail: `bursar${schools}@refund.example` }));
    const invoice = await invoiceOf(schoolId);
    const finance = await enrolledStaff(t, "finance");
    const page = `/staff/orders/${invoice.order_id}/`;
    await finance.agent.post(`${page}invoice-paid/`).type("form").send({ _csrf: await staffToken(finance.agent, page), note: "BACS" });

    const shown = await finance.agent.get(page).set("Accept", "text/html");
    expect(shown.text).toContain("This order was paid by invoice. Send the money back to the school by bank transfer");
    expect(shown.text).toContain("Record the refund");
    const refunded = await finance.agent.post(`${page}refund/`).type("form").set("Accept", "text/html").send({ _csrf: await staffToken(finance.agent, page), amount: "250.00", membership: "end" });
    expect(refunded.status).toBe(303);
    const rows = await t.database.db.selectFrom("payment_refunds").selectAll().where("order_id", "=", invoice.order_id).execute();
    expect(rows).toEqual([expect.objectContaining({ amount_pence: 25000, provider_reference: null, started_by: "staff", membership_ended: 1 })]);
    expect(Date.parse((await crm.membershipSummary(invoice.membership_id!))!.ExpirationDateTime)).toBeLessThanOrEqual(Date.now());
  });
});
