import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import type { StripeApiAddress } from "../../../server/payments/stripe-provider";

/** One call the SDK made to the stand-in, its form-encoded body decoded. */
export interface RecordedCall {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

export interface StripeStandIn {
  api: StripeApiAddress;
  calls: RecordedCall[];
  /** From now on, answer every call with this HTTP status in Stripe's error shape; undefined answers normally again. */
  failWith(status: number | undefined): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for api.stripe.com: it records each request and answers
 * POST /v1/checkout/sessions with a minimal Checkout Session, as Stripe
 * documents it (id, object, url). Anything else is a 404 in Stripe's error shape.
 */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const calls: RecordedCall[] = [];
  let failing: number | undefined;
  let sessions = 0;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      calls.push({ method: req.method ?? "", path: req.url ?? "", authorization: req.headers.authorization, form: new URLSearchParams(body) });
      res.setHeader("content-type", "application/json");
      if (failing !== undefined) {
        res.statusCode = failing;
        res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "stand-in failure" } }));
        return;
      }
      if (req.method === "POST" && req.url === "/v1/checkout/sessions") {
        const id = `cs_test_standin${++sessions}`;
        res.end(JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` }));
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
