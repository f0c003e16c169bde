import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { AuditLog } from "../../audit";
import type { CrmIds, CrmPort } from "../../crm";
import type { Database } from "../../db/schema";
import { formatLondonDate } from "../../domain/membership-status";
import { ANNUAL_BANDS, formatPounds, pricePlan } from "../../domain/plans";
import type { Logger } from "../../logging";
import type { Mailer } from "../../mail/mailer";
import type { MembershipSuspensions } from "../../memberships";
import { isSchoolAdmin } from "../../schools";
import { isRefusal, refuse, type Refusal } from "../../shared/refusal";
import { nextDocumentNumber, renderInvoicePdf, type InvoiceDocument, type SellerDetails } from "../documents";
import { fulfilOrder } from "../fulfilment";
import { paymentOrders } from "../payment-orders";
import { schoolPurchaseDecision, schoolPurchaseRefusal } from "../school-purchase";
import type { ProviderInvoicing } from "../payment-port";
import { invoiceRecords, LOCAL_INVOICE_REFERENCE_PREFIX, type InvoiceRecord } from "./invoice-records";
import { invoiceSettlement, UNKNOWN_INVOICE } from "./invoice-settlement";
import { readInvoiceRequest, typedInvoiceRequest, type TypedInvoiceRequest } from "./invoice-request";
import { dueDateOf, pauseAfterDays, type ChasingStep } from "./invoice-schedule";

/*
 * Schools that pay by invoice (issue 29; docs/payments.md, "Pay by invoice").
 * Whoever may buy the school's membership by card may instead ask for an
 * invoice: the membership starts at once, the order waits as "invoiced",
 * and the invoice (a PDF with a sequential number) goes to the school's
 * billing contact by a link that needs no account. Finance staff mark it
 * paid in the back office; unpaid, it is chased on its due date and 15
 * days later, and 30 days after the due date the membership is paused
 * (seats kept) until it is paid.
 */

export interface InvoiceForm {
  schoolId: number;
  schoolName: string;
  typed: TypedInvoiceRequest;
  /** The plan's choices: users and price. */
  bands: { users: number; price: string; label?: string }[];
  termsDays: number;
}

/** A refusal of the form, with the form to show again (what was typed kept) when it was the details. */
export type InvoiceRefusal = Refusal & { form?: InvoiceForm };

/** One invoice as the School tab and the back office list it. */
export interface InvoiceLine {
  orderId: number;
  number: string;
  issuedOn: string;
  dueOn: string;
  amount: string;
  purchaseOrder: string | null;
  contact: string;
  /** "Paid on 3 March 2027", "Due 2 April 2027", "Overdue since …", "Unpaid: access paused". */
  state: string;
  paid: boolean;
  paused: boolean;
  /** The chasing steps taken so far, with their dates. */
  chased: { step: ChasingStep; on: string }[];
  /** Where it can be paid online (the provider's page), when the provider holds it. */
  payUrl: string | null;
}

export interface SchoolInvoicesDependencies {
  db: Kysely<Database>;
  crm: CrmPort;
  ids: CrmIds;
  /** The payment provider's name: the order is recorded against it. */
  providerName: string;
  /** The provider's invoices (Stripe), which then hold each invoice too and report it paid; none with the sandbox. */
  invoicing?: ProviderInvoicing;
  mailer: Mailer;
  audit: AuditLog;
  logger: Logger;
  suspensions: MembershipSuspensions;
  seller: SellerDetails;
  termsDays: number;
  publicUrl: string;
  staffEmail: string;
  clock?: () => Date;
}

const UNKNOWN_SCHOOL = "We couldn't find that school. Go back to your account page and try again.";

export function createSchoolInvoicesService(deps: SchoolInvoicesDependencies) {
  const { db, crm, ids } = deps;
  const clock = deps.clock ?? (() => new Date());
  const orders = paymentOrders(db);
  const records = invoiceRecords(db);
  const invoiceUrl = (token: string) => `${deps.publicUrl}/invoices/${token}/`;
  const schoolName = async (schoolId: number, from: CrmPort = crm) => (await from.constituentDetail(schoolId))?.DisplayName ?? "";
  const settlement = invoiceSettlement({ ...deps, records, clock, invoiceUrl, schoolName });

  const describe = (record: { level_id: number; number_of_users: number }): string => {
    const plan = pricePlan(ids.membershipLevels, "school-annual", record.number_of_users);
    return "description" in plan ? plan.description : "School annual plan";
  };

  async function formFor(userId: number, schoolId: number, typed?: TypedInvoiceRequest): Promise<InvoiceForm | Refusal> {
    const school = await crm.constituentDetail(schoolId);
    if (!school || school.ConstituentType.Id !== ids.constituentTypes.organisation) return refuse("not-found", UNKNOWN_SCHOOL);
    const payer = await crm.personContact(userId);
    const detail = await crm.constituentDetail(userId);
    const address = school.Addresses.find((line) => !line.Inactive);
    const prefilled: TypedInvoiceRequest = {
      contactName: detail?.DisplayName ?? payer?.FirstName ?? "",
      contactEmail: payer?.Email ?? "",
      address: address ? [school.DisplayName, address.Street1, address.Street2, address.Street3, address.City, address.PostalCode].filter(Boolean).join("\n") : school.DisplayName,
      purchaseOrder: "",
      numberOfUsers: "",
    };
    return {
      schoolId,
      schoolName: school.DisplayName,
      typed: typed ?? prefilled,
      bands: ANNUAL_BANDS.map((band) => ({ users: band.maxUsers, price: formatPounds(band.pence), label: band.label })),
      termsDays: deps.termsDays,
    };
  }

  /** Whether this person may order the school's membership at all (the card checkout's rule, before a plan is chosen). */
  async function mayOrder(userId: number, schoolId: number, now: Date): Promise<Refusal | undefined> {
    const smallest = pricePlan(ids.membershipLevels, "school-annual", 1);
    if ("field" in smallest) return undefined;
    const decision = await schoolPurchaseDecision(db, crm, ids, { constituentId: userId, schoolId, levelId: smallest.levelId, numberOfUsers: 1 }, now);
    // The size of the plan is the form's question: only who may buy is asked here.
    if (decision.kind === "refused" && decision.reason !== "too-small") return schoolPurchaseRefusal(decision, deps.staffEmail);
    return undefined;
  }

  function documentOf(record: InvoiceRecord, name: string): InvoiceDocument {
    return {
      number: record.number,
      issuedOn: new Date(record.issued_at),
      dueOn: new Date(record.due_at),
      billTo: { schoolName: name, contactName: record.contact_name, contactEmail: record.contact_email, addressLines: record.billing_address.split("\n") },
      purchaseOrder: record.purchase_order ?? undefined,
      lines: [{ description: describe(record), quantity: 1, unitGrossPence: record.amount_pence }],
      paidOn: record.paid_at ? new Date(record.paid_at) : undefined,
      paymentUrl: record.paid_at ? undefined : (record.pay_url ?? undefined),
    };
  }

  /**
   * Has the payment provider hold the invoice as well (Stripe: an invoice it
   * collects by transfer and reports paid), after the site's own transaction.
   * A failure leaves the site's invoice as it is (its PDF has the bank
   * details) and is retried by the chasing job.
   */
  async function holdAtProvider(record: InvoiceRecord): Promise<void> {
    if (!deps.invoicing || !record.provider_reference?.startsWith(LOCAL_INVOICE_REFERENCE_PREFIX)) return;
    try {
      const held = await deps.invoicing.issue({
        number: record.number,
        orderId: record.order_id,
        amountPence: record.amount_pence,
        description: describe(record),
        termsDays: deps.termsDays,
        purchaseOrder: record.purchase_order,
        customer: {
          schoolName: record.organisation_id === null ? record.contact_name : await schoolName(record.organisation_id),
          contactName: record.contact_name,
          email: record.contact_email,
          addressLines: record.billing_address.split("\n"),
        },
      });
      await records.heldAtProvider(record.order_id, record.provider_reference, held);
      deps.logger.info({ orderId: record.order_id, number: record.number, reference: held.reference }, "invoice held at the payment provider");
    } catch (error) {
      deps.logger.warn({ err: error, orderId: record.order_id, number: record.number }, "invoice not held at the payment provider yet: the chasing job tries again");
    }
  }

  async function pdfOf(record: InvoiceRecord): Promise<{ fileName: string; pdf: Buffer }> {
    const name = record.organisation_id === null ? "" : await schoolName(record.organisation_id);
    return { fileName: `${record.number}.pdf`, pdf: await renderInvoicePdf(documentOf(record, name), deps.seller) };
  }

  async function lineOf(record: InvoiceRecord, now: Date): Promise<InvoiceLine> {
    const taken = await db.selectFrom("invoice_chasers").select(["step", "taken_at"]).where("order_id", "=", record.order_id).orderBy("taken_at").execute();
    const paused = record.paid_at === null && taken.some((step) => step.step === "suspended");
    const due = new Date(record.due_at);
    const state = record.paid_at
      ? `Paid on ${formatLondonDate(record.paid_at)}`
      : paused
        ? "Unpaid: access paused"
        : due.getTime() < now.getTime()
          ? `Overdue since ${formatLondonDate(due)}`
          : `Due ${formatLondonDate(due)}`;
    return {
      orderId: record.order_id,
      number: record.number,
      issuedOn: formatLondonDate(record.issued_at),
      dueOn: formatLondonDate(due),
      amount: formatPounds(record.amount_pence),
      purchaseOrder: record.purchase_order,
      contact: `${record.contact_name} <${record.contact_email}>`,
      state,
      paid: record.paid_at !== null,
      paused,
      chased: taken.map((step) => ({ step: step.step, on: formatLondonDate(step.taken_at) })),
      payUrl: record.paid_at ? null : record.pay_url,
    };
  }

  return {
    /**
     * GET the form: prefilled from the person and the school (and the plan
     * for `users`, when the wizard sent a number), or refused when they may
     * not order for it.
     */
    async form(userId: number, schoolId: number, users?: number): Promise<InvoiceForm | Refusal> {
      const refused = await mayOrder(userId, schoolId, clock());
      if (refused) return refused;
      const form = await formFor(userId, schoolId);
      const band = users === undefined ? undefined : ANNUAL_BANDS.find((option) => option.maxUsers >= users);
      return isRefusal(form) || !band ? form : { ...form, typed: { ...form.typed, numberOfUsers: String(band.maxUsers) } };
    },

    /**
     * POST the form: the order, its membership at once, the invoice with its
     * number and the email to the billing contact, in one transaction.
     */
    async request(userId: number, schoolId: number, body: unknown, ip: string): Promise<{ number: string; contactEmail: string; orderId: number } | InvoiceRefusal> {
      const now = clock();
      const typed = typedInvoiceRequest(body);
      const form = await formFor(userId, schoolId, typed);
      if (isRefusal(form)) return form;
      const refused = await mayOrder(userId, schoolId, now);
      if (refused) return refused;
      const read = readInvoiceRequest(typed, ids.membershipLevels);
      if ("problems" in read) return { ...refuse("invalid", "Check the invoice details and try again.", { errors: read.problems }), form };
      const { plan } = read;
      const decision = await schoolPurchaseDecision(db, crm, ids, { constituentId: userId, schoolId, levelId: plan.levelId, numberOfUsers: plan.numberOfUsers }, now);
      if (decision.kind === "refused") {
        const refusal = schoolPurchaseRefusal(decision, deps.staffEmail);
        return decision.reason === "too-small" ? { ...refusal, errors: { numberOfUsers: [refusal.message] }, form } : refusal;
      }

      const token = randomBytes(24).toString("base64url");
      const orderId = await orders.insert({
        sessionId: randomBytes(24).toString("base64url"),
        constituentId: userId,
        organisationId: schoolId,
        planType: plan.planType,
        numberOfUsers: plan.numberOfUsers,
        levelId: plan.levelId,
        amountPence: plan.amountPence,
        provider: deps.providerName,
        now,
      });
      const reference = `${LOCAL_INVOICE_REFERENCE_PREFIX}${token.slice(0, 16)}`;
      await orders.setReference(orderId, reference);
      const order = { id: orderId, constituent_id: userId, organisation_id: schoolId, plan_type: plan.planType, level_id: plan.levelId, number_of_users: plan.numberOfUsers, amount_pence: plan.amountPence };
      let number = "";
      const fulfilled = await fulfilOrder(
        { db, crm, ids, audit: deps.audit },
        order,
        reference,
        now,
        async (trx, trxCrm, membershipId) => {
          number = await nextDocumentNumber(trx, "invoice");
          const dueAt = dueDateOf(now, deps.termsDays);
          await trx
            .insertInto("school_invoices")
            .values({
              order_id: orderId,
              number,
              token,
              contact_name: read.contactName,
              contact_email: read.contactEmail,
              billing_address: read.addressLines.join("\n"),
              purchase_order: read.purchaseOrder,
              issued_at: now.toISOString(),
              due_at: dueAt.toISOString(),
            })
            .execute();
          const orderedBy = (await trxCrm.constituentDetail(userId))?.DisplayName ?? "Your school's admin";
          await deps.mailer.send(
            {
              to: read.contactEmail,
              template: "school-invoice",
              context: {
                contactName: read.contactName,
                orderedBy,
                schoolName: form.schoolName,
                number,
                purchaseOrder: read.purchaseOrder ?? "",
                plan: plan.description,
                amount: formatPounds(plan.amountPence),
                dueOn: formatLondonDate(dueAt),
                invoiceUrl: invoiceUrl(token),
                pauseAfterDays: pauseAfterDays(deps.termsDays),
              },
            },
            { db: trx },
          );
          const details = { orderId, number, membershipId, organisationId: schoolId, planType: plan.planType, ...(read.purchaseOrder ? { purchaseOrder: read.purchaseOrder } : {}) };
          await deps.audit.record({ event: "invoice.issued", actorId: userId, subjectId: userId, ip, details, record: { type: "order", id: orderId } }, trx);
        },
        "invoiced",
      );
      if (fulfilled.kind !== "fulfilled") {
        // The school's standing changed between the check and the lock (another order, a lost admin role): nothing was given or sent.
        await db.updateTable("payment_orders").set({ status: "cancelled", updated_at: now.toISOString() }).where("id", "=", orderId).where("status", "in", ["pending", "unfulfilled"]).execute();
        return refuse("conflict", "Your school's membership changed while we made the invoice, so nothing was ordered. Reload your account page to see it, and order again if you still need to.");
      }
      deps.logger.info({ orderId, number, schoolId }, "invoice issued");
      const issued = await records.byOrder(orderId);
      if (issued) await holdAtProvider(issued);
      return { number, contactEmail: read.contactEmail, orderId };
    },

    /** The school's invoices, newest first, for its admins (the School tab). */
    async ofSchool(userId: number, schoolId: number): Promise<InvoiceLine[]> {
      const now = clock();
      if (!(await isSchoolAdmin(crm, ids, { schoolId, personId: userId }, now))) return [];
      return Promise.all((await records.ofSchool(schoolId)).map((record) => lineOf(record, now)));
    },

    /** An invoice's PDF for an admin of its school; anyone else is told it does not exist. */
    async pdfForAdmin(userId: number, schoolId: number, number: string): Promise<{ fileName: string; pdf: Buffer } | Refusal> {
      const record = await records.byNumber(number);
      if (!record || record.organisation_id !== schoolId) return refuse("not-found", UNKNOWN_INVOICE);
      if (!(await isSchoolAdmin(crm, ids, { schoolId, personId: userId }, clock()))) return refuse("not-found", UNKNOWN_INVOICE);
      return pdfOf(record);
    },

    /** The emailed link: the token is the bearer's right to this one invoice. */
    async pdfByToken(token: string): Promise<{ fileName: string; pdf: Buffer } | undefined> {
      if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return undefined;
      const record = await records.byToken(token);
      return record && pdfOf(record);
    },

    /** How many schools' access is paused now for an unpaid invoice (the back office dashboard). */
    pausedCount: () => records.countPaused(),

    /** The back office's view of an order's invoice, or undefined for an order that has none. */
    async ofOrder(orderId: number): Promise<InvoiceLine | undefined> {
      const record = await records.byOrder(orderId);
      return record && lineOf(record, clock());
    },

    /** The PDF of an order's invoice, for the back office. */
    async pdfOfOrder(orderId: number): Promise<{ fileName: string; pdf: Buffer } | undefined> {
      const record = await records.byOrder(orderId);
      return record && pdfOf(record);
    },

    ...settlement,

    /** The scheduler's round: invoices the provider does not hold yet are offered again, then the chasing steps due are taken. */
    async chaseDue(now: Date): Promise<{ sent: number }> {
      for (const record of deps.invoicing ? await records.openNotAtProvider() : []) await holdAtProvider(record);
      return settlement.chaseDue(now);
    },

    /** The provider reports an invoice it holds paid (a verified notification): recorded once, as finance would. */
    async paidAtProvider(orderId: number): Promise<void> {
      const outcome = await settlement.markPaid(orderId, { staffId: null, note: `Paid through ${deps.providerName}` });
      if (isRefusal(outcome)) deps.logger.info({ orderId, reason: outcome.message }, "invoice payment reported again: already recorded");
    },
  };
}

export type SchoolInvoicesService = ReturnType<typeof createSchoolInvoicesService>;
