import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import { isRefusal, refuse, Refused, settle, type Refusal } from "../shared/refusal";
import { authorOf } from "./join-requests";
import type { RequestActor, RequestsContext } from "./requests-context";
import { detailLines } from "./request-details";
import { readNote } from "./request-text";
import { addAnswer, answersOf, listRequests, moveRequest, requestById, type AnswerRecord, type RequestQuery, type RequestRecord } from "./request-store";

/*
 * The inbox's side of requests, for the back office (issue 28, "Requests":
 * staff answer from the request; the answer goes out through the mail outbox
 * and is kept with it; a request is open, answered or closed). The back
 * office checks the staff member's role before calling; these check the
 * request's own state.
 */

export type StaffActor = Extract<RequestActor, { kind: "staff" }>;

/** A request as the inbox shows it: its record, the details as labelled lines, and every answer sent. */
export interface RequestView extends RequestRecord {
  detailLines: { label: string; value: string }[];
  answers: AnswerRecord[];
}

export const UNKNOWN_INBOX_REQUEST_MESSAGE = "We couldn't find that request.";
const ANSWER_MISSING_MESSAGE = "Write your answer.";

/** A page of the inbox, newest first: `perPage` at most 100. */
export async function inboxPage(context: RequestsContext, query: RequestQuery): Promise<{ rows: RequestRecord[]; total: number; page: number; perPage: number }> {
  const perPage = Math.min(Math.max(1, Math.trunc(query.perPage)), 100);
  const page = Math.max(1, Math.trunc(query.page));
  const { rows, total } = await listRequests(context.db, { ...query, page, perPage });
  return { rows, total, page, perPage };
}

export async function requestView(context: RequestsContext, requestId: number): Promise<RequestView | undefined> {
  const request = await requestById(context.db, requestId);
  if (!request) return undefined;
  return { ...request, detailLines: detailLines(request.details), answers: await answersOf(context.db, requestId) };
}

/**
 * Staff answer a request: the text is mailed to the person (through the
 * outbox, in the same transaction) and kept with the request, which is then
 * answered. A closed request takes no answer.
 */
export async function answerRequest(context: RequestsContext, staff: StaffActor, requestId: number, typed: string, ip?: string): Promise<RequestView | Refusal> {
  const body = readNote(typed, "body");
  if (isRefusal(body)) return body;
  if (body === "") return refuse("invalid", ANSWER_MISSING_MESSAGE, { errors: { body: [ANSWER_MISSING_MESSAGE] } });
  const request = await requestById(context.db, requestId);
  if (!request) return refuse("not-found", UNKNOWN_INBOX_REQUEST_MESSAGE);
  const answered = await settle(() =>
    inTransaction(context.db, async (trx) => {
      const now = context.clock();
      if (!(await moveRequest(trx, requestId, ["open", "answered"], { status: "answered" }, now))) throw new Refused(closedRefusal);
      await addAnswer(trx, { requestId, ...authorOf(staff, staff.name), action: null, body, sentTo: request.email }, now);
      await auditStaffChange(context, staff, "request.answered", request, "answered", ip, trx);
      const firstName = request.name.split(" ")[0] ?? request.name;
      await context.mailer.send(
        { to: request.email, template: "request-answer", context: { firstName, subject: request.subject, body, authorName: staff.name, message: request.message }, replyTo: context.staffEmail },
        { db: trx },
      );
    }),
  );
  if (isRefusal(answered)) return answered;
  context.logger.info({ staffId: staff.staffId, requestId }, "request answered");
  return (await requestView(context, requestId))!;
}

/** Staff close a request: nothing more is to be done. Closing a closed one is refused, so a double click says so. */
export async function closeRequest(context: RequestsContext, staff: StaffActor, requestId: number, ip?: string): Promise<RequestView | Refusal> {
  const request = await requestById(context.db, requestId);
  if (!request) return refuse("not-found", UNKNOWN_INBOX_REQUEST_MESSAGE);
  const closed = await settle(() =>
    inTransaction(context.db, async (trx) => {
      if (!(await moveRequest(trx, requestId, ["open", "answered"], { status: "closed" }, context.clock()))) throw new Refused(closedRefusal);
      await auditStaffChange(context, staff, "request.closed", request, "closed", ip, trx);
    }),
  );
  if (isRefusal(closed)) return closed;
  context.logger.info({ staffId: staff.staffId, requestId }, "request closed");
  return (await requestView(context, requestId))!;
}

/** A back-office write to a request, in the audit log: the staff account, the request's status before and after. */
function auditStaffChange(context: RequestsContext, staff: StaffActor, event: "request.answered" | "request.closed", request: RequestRecord, status: string, ip: string | undefined, trx: Kysely<Database>) {
  return context.audit.record(
    {
      event,
      actorId: null,
      staffActorId: staff.staffId,
      ip: ip ?? null,
      details: { requestId: request.id, kind: request.kind },
      record: { type: "request", id: request.id, before: { status: request.status }, after: { status } },
    },
    trx,
  );
}

const closedRefusal = refuse("conflict", "This request is closed.", { rule: "request-not-closed" });
