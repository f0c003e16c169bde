import { Router } from "express";
import { textField } from "../accounts";
import { HttpError } from "../http/errors";
import { httpErrorOf, unlessRefused } from "../http/refusals";
import { pathId } from "../http/path-id";
import { sendPdf } from "../http/send-pdf";
import { requireUser, signedInUser } from "../http/require-user";
import type { OriginRule } from "../http/site-origin";
import type { SchoolInvoicesService } from "../payments";
import { isRefusal } from "../shared/refusal";
import { backToSchoolTab } from "./account-school-admin";

/**
 * Schools that pay by invoice (docs/payments.md, "Pay by invoice"):
 *   GET|POST /account/school/{schoolId}/invoice/               the form; the POST starts the membership and sends the invoice
 *   GET      /account/school/{schoolId}/invoices/{number}/     the invoice's PDF, for the school's admins
 *   GET      /invoices/{token}/                                the emailed link: the PDF, for whoever holds the link
 */

export interface SchoolInvoiceRoutesOptions {
  invoices: SchoolInvoicesService;
  siteOrigin: OriginRule;
}

const FORM_TEMPLATE = "pages/account/school-invoice.njk";
const FORM_HEADING = "Pay by invoice";
const FORM_LEAD = "We email the invoice to your school's office. The membership starts straight away.";

export function schoolInvoiceRoutes(options: SchoolInvoiceRoutesOptions): Router {
  const { invoices } = options;
  const signedInOnly = requireUser(options.siteOrigin);
  const router = Router({ strict: true });

  router.get("/account/school/:schoolId/invoice/", signedInOnly, async (req, res) => {
    // The wizard's link says how many users were chosen there.
    const users = /^\d{1,3}$/.test(textField(req.query, "users")) ? Number(textField(req.query, "users")) : undefined;
    const form = await invoices.form(signedInUser(req).id, pathId(req.params.schoolId), users);
    if (isRefusal(form)) {
      // Not theirs to order, or nothing to order: the page says why and offers the way back.
      if (form.reason === "not-found") throw httpErrorOf(form);
      res.status(httpErrorOf(form).status);
      res.render(FORM_TEMPLATE, { heading: FORM_HEADING, lead: "", refusal: form.message });
      return;
    }
    res.render(FORM_TEMPLATE, { heading: FORM_HEADING, lead: FORM_LEAD, form });
  });

  router.post("/account/school/:schoolId/invoice/", signedInOnly, async (req, res) => {
    const issued = await invoices.request(signedInUser(req).id, pathId(req.params.schoolId), req.body, req.ip ?? "");
    if (isRefusal(issued)) {
      if (issued.reason === "not-found") throw httpErrorOf(issued);
      res.status(httpErrorOf(issued).status);
      const form = "form" in issued ? issued.form : undefined;
      if (form) res.render(FORM_TEMPLATE, { heading: FORM_HEADING, lead: FORM_LEAD, form, errors: issued.errors });
      else res.render(FORM_TEMPLATE, { heading: FORM_HEADING, lead: "", refusal: issued.message });
      return;
    }
    backToSchoolTab(req, res, `Your school's membership has started. Invoice ${issued.number} is on its way to ${issued.contactEmail}; you can download it below.`);
  });

  router.get("/account/school/:schoolId/invoices/:number/", signedInOnly, async (req, res) => {
    const number = String(req.params.number);
    if (!/^[A-Z]{2,5}-\d{1,12}$/.test(number)) throw new HttpError(404, "We couldn't find that invoice.");
    sendPdf(res, unlessRefused(await invoices.pdfForAdmin(signedInUser(req).id, pathId(req.params.schoolId), number)));
  });

  router.get("/invoices/:token/", async (req, res) => {
    const invoice = await invoices.pdfByToken(String(req.params.token));
    if (!invoice) throw new HttpError(404, "We couldn't find that invoice. Check the link in the email, or ask us for a new one.");
    // The link is the right to see it: never kept by a shared cache, never indexed.
    res.setHeader("X-Robots-Tag", "noindex");
    sendPdf(res, invoice);
  });

  return router;
}
