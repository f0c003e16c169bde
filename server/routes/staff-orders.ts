import { Router, type Request, type Response } from "express";
import { PLAN_TYPES } from "../../contracts/rules/plans";
import { textField } from "../accounts";
import { lastPageOf, paginationOf } from "../domain/pagination";
import { planLabel } from "../domain/plans";
import { httpErrorOf, unlessRefused } from "../http/refusals";
import { pathId } from "../http/path-id";
import { sendPdf } from "../http/send-pdf";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderQuery, type OrderStatus } from "../payments";
import { londonDateOf } from "../shared/london-time";
import { setFlash } from "../http/flash";
import { isRefusal, type Refusal } from "../shared/refusal";
import type { StaffService } from "../staff";
import { sendCsv } from "./staff-exports";
import { signedInStaff, signedInStaffOnly, staffNavigation } from "./staff-guard";

/**
 * The back office's Orders pages (docs/back-office.md, "Orders"), finance and above:
 *   GET /staff/orders/?status=&plan=&provider=&from=&to=&ref=&page=   every order, filtered, 25 a page
 *   GET /staff/orders/export.csv?(the same filters)                   the matching orders as CSV, streamed
 *   GET /staff/orders/{id}/                                           one order, its refunds and the refund form
 *   POST /staff/orders/{id}/receipt/                                  the receipt again, to the payer
 *   POST /staff/orders/{id}/refund/                                   refund (amount in pounds, membership: end | keep)
 *   GET  /staff/orders/{id}/invoice/                                  the order's invoice (PDF), when a school pays by invoice
 *   POST /staff/orders/{id}/invoice-paid/                             mark that invoice paid (note: how it was paid)
 */

const ORDERS_PATH = "/staff/orders/";
const PROVIDERS = ["sandbox", "stripe"] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function staffOrdersRoutes(options: { staff: StaffService }): Router {
  const desk = options.staff.orders;
  const router = Router({ strict: true });
  router.use(ORDERS_PATH, signedInStaffOnly, staffNavigation);

  router.get(ORDERS_PATH, async (req, res) => {
    const { query, typed, problems, page } = orderFilters(req);
    const found = unlessRefused(await desk.orders(signedInStaff(req), query, page));
    const pagination = paginationOf(page, lastPageOf(found.total, found.perPage), (number) => `${ORDERS_PATH}?${filterParams(typed, number)}`);
    res.render("pages/staff/orders.njk", {
      found,
      typed,
      problems,
      pagination,
      exportUrl: `${ORDERS_PATH}export.csv?${filterParams(typed, 1)}`,
      statuses: ORDER_STATUSES.map((status) => ({ value: status, text: ORDER_STATUS_LABELS[status] })),
      plans: PLAN_TYPES.map((plan) => ({ value: plan, text: planLabel(plan) })),
      providers: PROVIDERS,
    });
  });

  router.get(`${ORDERS_PATH}export.csv`, async (req, res) => {
    const { query } = orderFilters(req);
    const lines = await desk.exportOrders(signedInStaff(req), query, req.ip ?? "");
    if (isRefusal(lines)) throw httpErrorOf(lines);
    await sendCsv(res, `orders-${londonDateOf(new Date())}.csv`, lines);
  });

  router.get(`${ORDERS_PATH}:orderId/`, async (req, res) => {
    await renderOrder(req, res, pathId(req.params.orderId));
  });

  router.post(`${ORDERS_PATH}:orderId/refund/`, async (req, res) => {
    const orderId = pathId(req.params.orderId);
    const typed = { amount: textField(req.body, "amount"), membership: textField(req.body, "membership") };
    const refunded = await desk.refund(signedInStaff(req), orderId, typed, req.ip ?? "");
    if (isRefusal(refunded)) {
      if (refunded.reason === "forbidden" || refunded.reason === "not-found") throw httpErrorOf(refunded);
      return renderOrder(req, res, orderId, { refusal: refunded, typed });
    }
    const latest = refunded.at(-1)!;
    setFlash(req, { variant: "success", text: `${latest.amount} refunded${latest.membershipEnded ? ", and the membership ended" : ""}. The payer has been sent a receipt.` });
    res.redirect(303, `${ORDERS_PATH}${orderId}/`);
  });

  router.post(`${ORDERS_PATH}:orderId/receipt/`, async (req, res) => {
    const orderId = pathId(req.params.orderId);
    const sent = await desk.resendReceipt(signedInStaff(req), orderId, req.ip ?? "");
    if (isRefusal(sent)) {
      if (sent.reason === "forbidden" || sent.reason === "not-found") throw httpErrorOf(sent);
      setFlash(req, { variant: "error", text: sent.message });
    } else {
      setFlash(req, { variant: "success", text: `The receipt is on its way to ${sent.sentTo}.` });
    }
    res.redirect(303, `${ORDERS_PATH}${orderId}/`);
  });

  router.post(`${ORDERS_PATH}:orderId/renewal/`, async (req, res) => {
    const orderId = pathId(req.params.orderId);
    const chosen = await desk.chooseRenewal(signedInStaff(req), orderId, req.body, req.ip ?? "");
    if (isRefusal(chosen)) {
      if (chosen.reason === "forbidden" || chosen.reason === "not-found") throw httpErrorOf(chosen);
      setFlash(req, { variant: "error", text: chosen.message });
    } else {
      setFlash(req, { variant: "success", text: chosen.renews ? "The plan renews automatically again." : "The plan won't renew: it runs to the end of what was paid, and the payer won't be charged again." });
    }
    res.redirect(303, `${ORDERS_PATH}${orderId}/`);
  });

  router.get(`${ORDERS_PATH}:orderId/invoice/`, async (req, res) => {
    sendPdf(res, unlessRefused(await desk.invoicePdf(signedInStaff(req), pathId(req.params.orderId))));
  });

  router.post(`${ORDERS_PATH}:orderId/invoice-paid/`, async (req, res) => {
    const orderId = pathId(req.params.orderId);
    const paid = await desk.markInvoicePaid(signedInStaff(req), orderId, textField(req.body, "note"), req.ip ?? "");
    if (isRefusal(paid)) {
      if (paid.reason === "forbidden" || paid.reason === "not-found") throw httpErrorOf(paid);
      setFlash(req, { variant: "error", text: paid.message });
    } else {
      setFlash(req, { variant: "success", text: `Invoice ${paid.number} is marked paid${paid.restored ? ", and the school's access is back" : ""}. The billing contact has been thanked by email.` });
    }
    res.redirect(303, `${ORDERS_PATH}${orderId}/`);
  });

  /** The order's page; after a refused refund, with the reason and what was typed. */
  async function renderOrder(req: Request, res: Response, orderId: number, failed?: { refusal: Refusal; typed: { amount: string; membership: string } }): Promise<void> {
    const order = unlessRefused(await desk.order(signedInStaff(req), orderId));
    if (failed) res.status(httpErrorOf(failed.refusal).status);
    res.render("pages/staff/order.njk", {
      order,
      typed: failed?.typed ?? { amount: (order.refundablePence / 100).toFixed(2), membership: order.refunds.length === 0 ? "end" : "keep" },
      errors: failed ? (failed.refusal.errors ?? { _form: [failed.refusal.message] }) : undefined,
    });
  }

  return router;
}

interface TypedFilters {
  status: string;
  plan: string;
  provider: string;
  from: string;
  to: string;
  ref: string;
}

/** The filters from the address: as typed (to show them again), as a query (only those that make sense), and what was left out and why. */
function orderFilters(req: Request): { query: OrderQuery; typed: TypedFilters; problems: string[]; page: number } {
  const typed: TypedFilters = {
    status: textField(req.query, "status"),
    plan: textField(req.query, "plan"),
    provider: textField(req.query, "provider"),
    from: textField(req.query, "from").trim(),
    to: textField(req.query, "to").trim(),
    ref: textField(req.query, "ref").trim().slice(0, 200),
  };
  const problems: string[] = [];
  const date = (value: string, label: string) => {
    if (value === "") return undefined;
    if (ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return value;
    problems.push(`“${value}” is not a date, so the ${label} date was left out. Pick one from the calendar, or type it as 2026-11-28.`);
    return undefined;
  };
  const requested = Number.parseInt(textField(req.query, "page"), 10);
  const from = date(typed.from, "from");
  const to = date(typed.to, "to");
  return {
    query: {
      status: (ORDER_STATUSES as readonly string[]).includes(typed.status) ? (typed.status as OrderStatus) : undefined,
      planType: (PLAN_TYPES as readonly string[]).includes(typed.plan) ? typed.plan : undefined,
      provider: (PROVIDERS as readonly string[]).includes(typed.provider) ? typed.provider : undefined,
      from,
      to,
      reference: typed.ref || undefined,
    },
    // A date field holds only a date: one left out is shown empty, and named in the problem above the list.
    typed: { ...typed, from: from ?? "", to: to ?? "" },
    problems,
    page: Number.isSafeInteger(requested) && requested > 0 ? requested : 1,
  };
}

function filterParams(typed: TypedFilters, page: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(typed)) if (value) params.set(name, value);
  if (page > 1) params.set("page", String(page));
  return params.toString();
}
