import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import type { StripeApiAddress } from "../../../server/payments/stripe-provider";
import { ids } from "../memberships/support";
import type { DatabaseEngine } from "../support/databases";
import { createTestApp, type TestApp } from "../support/test-app";

/** One call the SDK made to the stand-in, its form-encoded body decoded. */
export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
}

export interface StripeStandIn {
  api: StripeApiAddress;
  calls: RecordedCall[];
  /**
   * A subscription-mode session paid: Stripe made `subscription` and charged its first invoice, `firstInvoice`
   * (what checkout.session.completed tells). The session then names them, and no PaymentIntent of its own.
   */
  subscriptionStarted(sessionId: string, subscription: string, firstInvoice: string): void;
  /** From now on, answer every call with this HTTP status in Stripe's error shape; undefined answers normally again. */
  failWith(status: number | undefined): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for api.stripe.com: it records each request and answers,
 * as Stripe documents them, POST /v1/checkout/sessions (a minimal Checkout
 * Session: id, object, url), GET /v1/checkout/sessions/{id} (with its
 * payment_intent), GET /v1/checkout/sessions?payment_intent= (the session of
 * a refunded charge), POST /v1/refunds, and a school invoice's calls:
 * POST /v1/customers, /v1/invoices, /v1/invoiceitems and
 * /v1/invoices/{id}/finalize (an open invoice with its hosted page).
 * A subscription's payments as Stripe's API (2025-03-31 and later) gives
 * them: a session in subscription mode has no payment_intent but its first
 * invoice; GET /v1/invoices/{id} (its billing_reason and subscription),
 * GET /v1/invoice_payments by invoice or by PaymentIntent (each invoice paid
 * by pi_for_<invoice>), and GET /v1/checkout/sessions?subscription=.
 * Anything else is a 404 in Stripe's error shape.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const calls: RecordedCall[] = [];
  let failing: number | undefined;
  let sessions = 0;
  let refunds = 0;
  let objects = 0;
  const subscriptionSessions = new Set<string>();
  /** Per subscription-mode session paid: its subscription and first invoice. */
  const started = new Map<string, { subscription: string; firstInvoice: string }>();
  const invoiceSubscriptions = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const idempotencyKey = req.headers["idempotency-key"];
      calls.push({
        method: req.method ?? "",
        path: req.url ?? "",
        authorization: req.headers.authorization,
        idempotencyKey: typeof idempotencyKey === "string" ? idempotencyKey : undefined,
        form: new URLSearchParams(body),
      });
      res.setHeader("content-type", "application/json");
      if (failing !== undefined) {
        res.statusCode = failing;
        res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "stand-in failure" } }));
        return;
      }
      if (req.method === "POST" && req.url === "/v1/checkout/sessions") {
        const id = `cs_test_standin${++sessions}`;
        if (new URLSearchParams(body).get("mode") === "subscription") subscriptionSessions.add(id);
        res.end(JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` }));
        return;
      }
      const url = new URL(req.url ?? "/", "http://stand-in");
      const session = /^\/v1\/checkout\/sessions\/(cs_[\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && session) {
        const id = session[1]!;
        if (subscriptionSessions.has(id)) {
          // Subscription mode: no PaymentIntent of its own; its payment is its first invoice's.
          const paid = started.get(id);
          res.end(JSON.stringify({ id, object: "checkout.session", mode: "subscription", payment_intent: null, invoice: paid?.firstInvoice ?? null, subscription: paid?.subscription ?? null }));
          return;
        }
        // A paid session's PaymentIntent is named after it, so a refunded charge leads back to it.
        res.end(JSON.stringify({ id, object: "checkout.session", mode: "payment", payment_intent: `pi_for_${id}` }));
        return;
      }
      const list = (data: unknown[]) => res.end(JSON.stringify({ object: "list", data, has_more: false, url: url.pathname }));
      if (req.method === "GET" && url.pathname === "/v1/checkout/sessions" && url.searchParams.has("payment_intent")) {
        const intent = url.searchParams.get("payment_intent")!;
        const id = intent.startsWith("pi_for_cs_") ? intent.slice("pi_for_".length) : undefined;
        list(id && !subscriptionSessions.has(id) ? [{ id, object: "checkout.session" }] : []);
        return;
      }
      if (req.method === "GET" && url.pathname === "/v1/checkout/sessions" && url.searchParams.has("subscription")) {
        const subscription = url.searchParams.get("subscription");
        list([...started].filter(([, paid]) => paid.subscription === subscription).map(([id]) => ({ id, object: "checkout.session", mode: "subscription" })));
        return;
      }
      if (req.method === "GET" && url.pathname === "/v1/invoice_payments") {
        // Each invoice is paid by a PaymentIntent named after it.
        const intent = url.searchParams.get("payment[payment_intent]");
        const invoiceId = url.searchParams.get("invoice") ?? (intent?.startsWith("pi_for_in_") ? intent.slice("pi_for_".length) : undefined);
        const payment = { type: "payment_intent", payment_intent: `pi_for_${invoiceId}` };
        list(invoiceId ? [{ id: `inpay_for_${invoiceId}`, object: "invoice_payment", invoice: invoiceId, status: "paid", payment }] : []);
        return;
      }
      const invoiceRead = /^\/v1\/invoices\/(in_\w+)$/.exec(url.pathname);
      if (req.method === "GET" && invoiceRead) {
        const id = invoiceRead[1]!;
        const subscription = invoiceSubscriptions.get(id);
        const billing_reason = subscription ? "subscription_create" : "subscription_cycle";
        res.end(JSON.stringify({ id, object: "invoice", status: "paid", billing_reason, parent: subscription ? { type: "subscription_details", subscription_details: { subscription } } : null }));
        return;
      }
      if (req.method === "POST" && req.url === "/v1/refunds") {
        const form = new URLSearchParams(body);
        res.end(JSON.stringify({ id: `re_standin${++refunds}`, object: "refund", amount: Number(form.get("amount")), payment_intent: form.get("payment_intent"), status: "succeeded" }));
        return;
      }
      const form = new URLSearchParams(body);
      if (req.method === "POST" && req.url === "/v1/customers") {
        res.end(JSON.stringify({ id: `cus_standin${++objects}`, object: "customer", name: form.get("name"), email: form.get("email") }));
        return;
      }
      if (req.method === "POST" && req.url === "/v1/invoices") {
        res.end(JSON.stringify({ id: `in_standin${++objects}`, object: "invoice", status: "draft", number: form.get("number"), customer: form.get("customer") }));
        return;
      }
      if (req.method === "POST" && req.url === "/v1/invoiceitems") {
        res.end(JSON.stringify({ id: `ii_standin${++objects}`, object: "invoiceitem", amount: Number(form.get("amount")), invoice: form.get("invoice") }));
        return;
      }
      const subscription = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(url.pathname);
      if (req.method === "POST" && subscription) {
        res.end(JSON.stringify({ id: subscription[1], object: "subscription", status: "active", cancel_at_period_end: form.get("cancel_at_period_end") === "true" }));
        return;
      }
      if (req.method === "POST" && req.url === "/v1/billing_portal/sessions") {
        const id = `bps_standin${++objects}`;
        res.end(JSON.stringify({ id, object: "billing_portal.session", customer: form.get("customer"), return_url: form.get("return_url"), url: `https://billing.stripe.com/p/session/${id}` }));
        return;
      }
      const finalise = /^\/v1\/invoices\/(in_\w+)\/finalize$/.exec(url.pathname);
      if (req.method === "POST" && finalise) {
        const id = finalise[1];
        res.end(JSON.stringify({ id, object: "invoice", status: "open", hosted_invoice_url: `https://invoice.stripe.com/i/acct_standin/${id}` }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: "invalid_request_error", message: `no route ${req.method} ${req.url}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    api: { host: "127.0.0.1", port, protocol: "http" },
    calls,
    subscriptionStarted(sessionId, subscription, firstInvoice) {
      started.set(sessionId, { subscription, firstInvoice });
      invoiceSubscriptions.set(firstInvoice, subscription);
    },
    failWith(status) {
      failing = status;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

export const testStripeKeys = { STRIPE_SECRET_KEY: "sk_test_standin0123456789", STRIPE_WEBHOOK_SECRET: "whsec_standin0123456789" };

/** A webhook as Stripe sends it: the event JSON and its Stripe-Signature header, signed with `secret`. */
export function stripeWebhook(
  type: string,
  session: { id: string; payment_status?: string; client_reference_id?: string },
  secret: string = testStripeKeys.STRIPE_WEBHOOK_SECRET,
) {
  const payload = JSON.stringify({
    id: `evt_${type.replace(/\W/g, "_")}_${session.id}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: "checkout.session", payment_status: "paid", ...session } },
  });
  return {
    payload,
    headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
  };
}

/** charge.refunded as Stripe sends it: the charge of a session's PaymentIntent, with its refunded total. */
export function stripeChargeRefunded(sessionId: string, amountRefunded: number, secret: string = testStripeKeys.STRIPE_WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_charge_refunded_${sessionId}_${amountRefunded}`,
    object: "event",
    type: "charge.refunded",
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `ch_for_${sessionId}`, object: "charge", payment_intent: `pi_for_${sessionId}`, amount_refunded: amountRefunded, refunded: true } },
  });
  return {
    payload,
    headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
  };
}

/** Any event as Stripe sends it: the event JSON around `object`, and its Stripe-Signature header signed with `secret`. */
export function signedStripeEvent(id: string, type: string, object: Record<string, unknown>, secret: string = testStripeKeys.STRIPE_WEBHOOK_SECRET) {
  const payload = JSON.stringify({ id, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });
  return {
    payload,
    headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
  };
}

/** invoice.paid as Stripe sends it: an invoice, marked (or not) as one of the site's school invoices by its metadata. */
export function stripeInvoicePaid(invoiceId: string, metadata: Record<string, string>, secret: string = testStripeKeys.STRIPE_WEBHOOK_SECRET) {
  return signedStripeEvent(`evt_invoice_paid_${invoiceId}`, "invoice.paid", { id: invoiceId, object: "invoice", status: "paid", collection_method: "send_invoice", metadata }, secret);
}

/**
 * For a describe block: an app with PAYMENT_PROVIDER=stripe whose SDK talks
 * to a fresh stand-in, started before the block's tests and closed after;
 * read its parts once the tests run.
 */
export function useStripeTestApp(engine: DatabaseEngine): { t: TestApp; stripe: StripeStandIn; crm: ReturnType<typeof createSqlCrm> } {
  const parts = {} as { t: TestApp; stripe: StripeStandIn; crm: ReturnType<typeof createSqlCrm> };
  beforeAll(async () => {
    parts.stripe = await startStripeStandIn();
    parts.t = await createTestApp({ engine, env: { PAYMENT_PROVIDER: "stripe", ...testStripeKeys }, stripeApi: parts.stripe.api });
    parts.crm = createSqlCrm(parts.t.database.db, ids);
  });
  afterAll(async () => {
    await parts.t?.close();
    await parts.stripe?.close();
  });
  return parts;
}
