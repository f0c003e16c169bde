import express, { Router, type Request } from "express";
import { HttpError, notFound } from "../http/errors";
import { sendPdf } from "../http/send-pdf";
import { unlessRefused } from "../http/refusals";
import { requireUser } from "../http/require-user";
import type { OriginRule } from "../http/site-origin";
import type { PaymentsService, SandboxCheckoutPage } from "../payments";

/** Session ids are 32 base64url characters (payments-service.ts); anything else is unknown. */
const sessionIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

function sessionIdOf(value: unknown): string {
  if (typeof value !== "string" || !sessionIdPattern.test(value)) throw notFound();
  return value;
}

/**
 * POST /payments/notifications/<provider>/: a provider's server-to-server
 * call, mounted in app.ts BEFORE the session, the body parsers and the CSRF
 * check. A provider has no session and no CSRF token to send; what proves
 * the call is the signature over the raw body, which the provider adapter
 * verifies, so the body is kept as the exact bytes received. A bad
 * signature answers 400 and changes nothing.
 */
export function paymentNotificationRoutes(options: { payments: Pick<PaymentsService, "handleNotification"> }): Router {
  const router = Router({ strict: true });
  router.post("/payments/notifications/:provider/", express.raw({ type: () => true, limit: "100kb" }), async (req, res) => {
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = await options.payments.handleNotification(String(req.params.provider), rawBody, req.headers);
    if (result.kind === "unknown-provider") throw notFound();
    if (result.kind === "refused") {
      res.status(400).json({ success: false, errors: { __all__: ["The notification's signature could not be verified."] } });
      return;
    }
    res.json({ success: true });
  });
  return router;
}

/**
 * The basket and order calls of the wizard (accounts spec, section 7) and
 * the sandbox's hosted checkout pages (docs/payments.md).
 */
export function paymentRoutes(options: { payments: PaymentsService; siteOrigin: OriginRule }): Router {
  const { payments } = options;
  const router = Router({ strict: true });
  const signedInOnly = requireUser(options.siteOrigin);
  const userOf = (req: Request) => req.currentUser!.id;

  router.post("/account/add-to-basket/", signedInOnly, async (req, res) => {
    const { redirectUrl } = unlessRefused(await payments.addToBasket(userOf(req), req.body));
    res.status(201).json({ success: true, payment: { links: [{ method: "REDIRECT", href: redirectUrl }] } });
  });

  router.get("/account/cart/orders/", signedInOnly, async (req, res) => {
    const sessionId = typeof req.query.sessionId === "string" && sessionIdPattern.test(req.query.sessionId) ? req.query.sessionId : undefined;
    if (!sessionId) throw new HttpError(404, "We couldn't find that order. Start the payment again from the plan page.");
    res.json({ success: true, details: unlessRefused(await payments.orderDetails(userOf(req), sessionId)) });
  });

  // The payer's VAT receipt (docs/payments.md, "Receipts and invoices"). Signed out: sign in, then back here (the email links to it);
  // anyone else's order, or one without a receipt, is the same not-found as an unknown one.
  router.get("/account/my-account/receipts/:file", signedInOnly, async (req, res) => {
    const sessionId = /^([A-Za-z0-9_-]{16,64})\.pdf$/.exec(String(req.params.file))?.[1];
    if (!sessionId) throw notFound();
    sendPdf(res, unlessRefused(await payments.receiptPdf(userOf(req), sessionId)));
  });

  const sandbox = payments.sandbox;
  if (!sandbox) return router;
  const checkoutPath = "/payments/sandbox/checkout/:sessionId/";
  const renderCheckout = (res: express.Response, page: SandboxCheckoutPage, cardError?: string, cardNumber?: string) =>
    res.render("pages/payments/sandbox-checkout.njk", { page, cardError, cardNumber });

  router.get(checkoutPath, async (req, res) => {
    const page = await sandbox.page(sessionIdOf(req.params.sessionId));
    if (!page) throw notFound();
    renderCheckout(res, page);
  });

  router.post(checkoutPath, async (req, res) => {
    const cardNumber: unknown = (req.body as Record<string, unknown> | undefined)?.cardNumber;
    const outcome = await sandbox.pay(sessionIdOf(req.params.sessionId), cardNumber);
    if (!outcome) throw notFound();
    if (outcome.kind === "invalid") {
      res.status(400);
      renderCheckout(res, outcome.page, outcome.cardError, typeof cardNumber === "string" ? cardNumber.slice(0, 30) : "");
      return;
    }
    res.redirect(303, outcome.returnUrl);
  });

  // The Cancel link: like a provider's cancel link, a plain GET back to the site, recording the cancellation first.
  router.get(`${checkoutPath}cancel/`, async (req, res) => {
    const outcome = await sandbox.cancel(sessionIdOf(req.params.sessionId));
    if (!outcome || outcome.kind !== "done") throw notFound();
    res.redirect(303, outcome.returnUrl);
  });

  return router;
}
