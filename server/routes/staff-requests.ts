import { Router, type Request, type Response } from "express";
import { textField } from "../accounts";
import { paginationOf, lastPageOf } from "../domain/pagination";
import { setFlash } from "../http/flash";
import { httpErrorOf, unlessRefused } from "../http/refusals";
import { pathId } from "../http/path-id";
import type { RequestKind, RequestStatus } from "../requests";
import { formatLondonDateTimeLabel } from "../shared/london-time";
import { isRefusal, type Refusal } from "../shared/refusal";
import { REQUEST_KINDS, REQUEST_STATUSES, type InboxFilters, type StaffService } from "../staff";
import { signedInStaff, signedInStaffOnly, staffNavigation } from "./staff-guard";

/**
 * The back office's requests inbox (docs/back-office.md, "Requests"):
 *   GET  /staff/requests/?status=&kind=&q=&page=   the inbox, open ones first by default
 *   GET  /staff/requests/{id}/                      one request: what was asked, the answers, what to do
 *   POST /staff/requests/{id}/answer/               mails an answer (body) and keeps it
 *   POST /staff/requests/{id}/close/
 *   POST /staff/requests/{id}/approve/              a join request: the person gets a seat
 *   POST /staff/requests/{id}/decline/              a join request: the person is told (note)
 * Every address works without JavaScript; the service checks the role.
 */

const INBOX_PATH = "/staff/requests/";

export function staffRequestsRoutes(options: { staff: StaffService }): Router {
  const desk = options.staff.requests;
  const router = Router({ strict: true });
  router.use(INBOX_PATH, signedInStaffOnly, staffNavigation);

  router.get(INBOX_PATH, async (req, res) => {
    const filters = inboxFilters(req);
    const inbox = unlessRefused(await desk.inbox(signedInStaff(req), filters));
    const lastPage = lastPageOf(inbox.total, inbox.perPage);
    res.render("pages/staff/requests.njk", {
      inbox: { ...inbox, rows: inbox.rows.map((row) => ({ ...row, receivedLabel: formatLondonDateTimeLabel(row.createdAt) })) },
      filters: { status: filters.status ?? "all", kind: filters.kind ?? "all", q: filters.text ?? "" },
      statuses: REQUEST_STATUSES,
      kinds: REQUEST_KINDS,
      pagination: paginationOf(inbox.page, lastPage, (page) => inboxUrl(filters, page)),
    });
  });

  router.get(`${INBOX_PATH}:requestId/`, async (req, res) => {
    await renderRequest(req, res, pathId(req.params.requestId));
  });

  router.post(`${INBOX_PATH}:requestId/answer/`, async (req, res) => {
    const requestId = pathId(req.params.requestId);
    const body = textField(req.body, "body");
    const answered = await desk.answer(signedInStaff(req), requestId, body, req.ip ?? "");
    if (isRefusal(answered)) return refused(req, res, requestId, answered, { body });
    setFlash(req, { variant: "success", text: `Your answer is on its way to ${answered.email}.` });
    res.redirect(303, requestPath(requestId));
  });

  router.post(`${INBOX_PATH}:requestId/close/`, async (req, res) => {
    const requestId = pathId(req.params.requestId);
    const closed = await desk.close(signedInStaff(req), requestId, req.ip ?? "");
    if (isRefusal(closed)) return refused(req, res, requestId, closed);
    setFlash(req, { variant: "success", text: `The request from ${closed.name} is closed.` });
    res.redirect(303, requestPath(requestId));
  });

  router.post(`${INBOX_PATH}:requestId/approve/`, async (req, res) => {
    const requestId = pathId(req.params.requestId);
    const approved = await desk.approveJoin(signedInStaff(req), requestId, req.ip ?? "");
    if (isRefusal(approved)) return refused(req, res, requestId, approved);
    setFlash(req, { variant: "success", text: `${approved.name} now holds a seat at ${approved.schoolName}, and has been told by email.` });
    res.redirect(303, requestPath(requestId));
  });

  router.post(`${INBOX_PATH}:requestId/decline/`, async (req, res) => {
    const requestId = pathId(req.params.requestId);
    const note = textField(req.body, "note");
    const declined = await desk.declineJoin(signedInStaff(req), requestId, note, req.ip ?? "");
    if (isRefusal(declined)) return refused(req, res, requestId, declined, { note });
    setFlash(req, { variant: "success", text: `The request from ${declined.name} to join ${declined.schoolName} is declined, and they have been told by email.` });
    res.redirect(303, requestPath(requestId));
  });

  /** The request's page; after a refused form, with the refusal on it and what was typed kept. */
  async function renderRequest(req: Request, res: Response, requestId: number, failed?: { refusal: Refusal; typed: Record<string, string> }): Promise<void> {
    const staff = signedInStaff(req);
    const request = unlessRefused(await desk.request(staff, requestId));
    if (failed) res.status(httpErrorOf(failed.refusal).status);
    res.render("pages/staff/request.njk", {
      request: {
        ...request,
        receivedLabel: formatLondonDateTimeLabel(request.createdAt),
        answers: request.answers.map((answer) => ({ ...answer, sentLabel: formatLondonDateTimeLabel(answer.createdAt) })),
      },
      typed: failed?.typed ?? {},
      errors: failed ? (failed.refusal.errors ?? { _form: [failed.refusal.message] }) : undefined,
    });
  }

  /** A refused action: the role's refusal and an unknown request are the error page; any other is the request's page saying why. */
  async function refused(req: Request, res: Response, requestId: number, refusal: Refusal, typed: Record<string, string> = {}): Promise<void> {
    if (refusal.reason === "forbidden" || refusal.reason === "not-found") throw httpErrorOf(refusal);
    await renderRequest(req, res, requestId, { refusal, typed });
  }

  return router;
}

function requestPath(requestId: number): string {
  return `${INBOX_PATH}${requestId}/`;
}

/** The inbox's filters from the address; anything unknown is left out. Open requests are shown unless another status, or all, is asked for. */
function inboxFilters(req: Request): InboxFilters {
  const status = textField(req.query, "status") || "open";
  const kind = textField(req.query, "kind");
  const text = textField(req.query, "q").trim().slice(0, 200);
  const page = Number.parseInt(textField(req.query, "page"), 10);
  return {
    status: (REQUEST_STATUSES as readonly string[]).includes(status) ? (status as RequestStatus) : undefined,
    kind: (REQUEST_KINDS as readonly string[]).includes(kind) ? (kind as RequestKind) : undefined,
    text: text || undefined,
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

function inboxUrl(filters: InboxFilters, page: number): string {
  const query = new URLSearchParams();
  query.set("status", filters.status ?? "all");
  if (filters.kind) query.set("kind", filters.kind);
  if (filters.text) query.set("q", filters.text);
  if (page > 1) query.set("page", String(page));
  return `${INBOX_PATH}?${query.toString()}`;
}
