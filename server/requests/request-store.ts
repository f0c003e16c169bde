import type { Kysely, Selectable } from "kysely";
import type { Database } from "../db/schema";
import { searchWords, wordInColumns } from "../db/words-search";
import { parseDetails, type RequestDetails } from "./request-details";
import type { JoinOutcome, RequestAnswersTable, RequestKind, RequestsTable, RequestStatus } from "./tables";

/*
 * The queries of requests and request_answers, the one place that names them
 * (lint/table-ownership.mjs). Every write is one statement or runs in the
 * caller's transaction; a status change is conditional on the status it
 * leaves, so two deciders never both win.
 */

export interface RequestRecord {
  id: number;
  kind: RequestKind;
  status: RequestStatus;
  personId: number | null;
  name: string;
  email: string;
  schoolId: number | null;
  subject: string;
  message: string;
  details: RequestDetails;
  outcome: JoinOutcome | null;
  /** ISO 8601 UTC. */
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

export interface AnswerRecord {
  id: number;
  authorName: string;
  authorPersonId: number | null;
  authorStaffId: number | null;
  action: RequestAnswersTable["action"];
  body: string;
  sentTo: string;
  createdAt: string;
}

/** A request as it is first stored: its status, outcome and times are the store's. */
export type NewRequest = Pick<RequestRecord, "kind" | "personId" | "name" | "email" | "schoolId" | "subject" | "message" | "details">;

function recordOf(row: Selectable<RequestsTable>): RequestRecord {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    personId: row.person_id,
    name: row.name,
    email: row.email,
    schoolId: row.school_id,
    subject: row.subject,
    message: row.message,
    details: parseDetails(row.details),
    outcome: row.outcome,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    closedAt: row.closed_at,
  };
}

export async function insertRequest(db: Kysely<Database>, request: NewRequest, now: Date, status: RequestStatus = "open"): Promise<RequestRecord> {
  const at = now.toISOString();
  const row = await db
    .insertInto("requests")
    .values({
      kind: request.kind,
      status,
      person_id: request.personId,
      name: request.name,
      email: request.email,
      school_id: request.schoolId,
      subject: request.subject,
      message: request.message,
      details: JSON.stringify(request.details),
      outcome: null,
      created_at: at,
      updated_at: at,
      closed_at: status === "closed" ? at : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return recordOf(row);
}

export async function requestById(db: Kysely<Database>, id: number): Promise<RequestRecord | undefined> {
  const row = await db.selectFrom("requests").selectAll().where("id", "=", id).executeTakeFirst();
  return row && recordOf(row);
}

/** The person's join request for the school that is still waiting, if any. */
export async function openJoinRequest(db: Kysely<Database>, personId: number, schoolId: number): Promise<RequestRecord | undefined> {
  const row = await db
    .selectFrom("requests")
    .selectAll()
    .where("kind", "=", "join")
    .where("person_id", "=", personId)
    .where("school_id", "=", schoolId)
    .where("status", "<>", "closed")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row && recordOf(row);
}

/** The join requests waiting on these schools' admins, oldest first. */
export async function openJoinRequestsFor(db: Kysely<Database>, schoolIds: readonly number[]): Promise<RequestRecord[]> {
  if (schoolIds.length === 0) return [];
  const rows = await db
    .selectFrom("requests")
    .selectAll()
    .where("kind", "=", "join")
    .where("school_id", "in", schoolIds)
    .where("status", "<>", "closed")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(recordOf);
}

export interface RequestQuery {
  status?: RequestStatus;
  kind?: RequestKind;
  schoolId?: number;
  personId?: number;
  /** Words found in the name, address, subject or message (case-insensitive). */
  text?: string;
  /** 1-based. */
  page: number;
  perPage: number;
}

/** A page of requests, newest first, with how many match in all. */
export async function listRequests(db: Kysely<Database>, query: RequestQuery): Promise<{ rows: RequestRecord[]; total: number }> {
  let selection = db.selectFrom("requests");
  if (query.status) selection = selection.where("status", "=", query.status);
  if (query.kind) selection = selection.where("kind", "=", query.kind);
  if (query.schoolId !== undefined) selection = selection.where("school_id", "=", query.schoolId);
  if (query.personId !== undefined) selection = selection.where("person_id", "=", query.personId);
  for (const word of searchWords(query.text)) selection = selection.where(wordInColumns(word, ["name", "email", "subject", "message"]));
  const { total } = await selection.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow();
  const offset = (Math.max(1, query.page) - 1) * query.perPage;
  const rows = await selection.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(query.perPage).offset(offset).execute();
  return { rows: rows.map(recordOf), total: Number(total) };
}

/** How many requests are in each status (the back office's "requests waiting"). */
export async function countByStatus(db: Kysely<Database>): Promise<Record<RequestStatus, number>> {
  const rows = await db.selectFrom("requests").select(["status", (eb) => eb.fn.countAll<number | string>().as("count")]).groupBy("status").execute();
  const counts: Record<RequestStatus, number> = { open: 0, answered: 0, closed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/**
 * Moves a request on from one of the `from` statuses; false when it was in
 * none of them (decided or closed meanwhile): nothing is written then.
 */
export async function moveRequest(
  db: Kysely<Database>,
  id: number,
  from: readonly RequestStatus[],
  to: { status: RequestStatus; outcome?: JoinOutcome },
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const result = await db
    .updateTable("requests")
    .set({ status: to.status, updated_at: at, ...(to.outcome && { outcome: to.outcome }), ...(to.status === "closed" && { closed_at: at }) })
    .where("id", "=", id)
    .where("status", "in", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function addAnswer(
  db: Kysely<Database>,
  answer: Omit<AnswerRecord, "id" | "createdAt"> & { requestId: number },
  now: Date,
): Promise<AnswerRecord> {
  const row = await db
    .insertInto("request_answers")
    .values({
      request_id: answer.requestId,
      author_person_id: answer.authorPersonId,
      author_staff_id: answer.authorStaffId,
      author_name: answer.authorName,
      action: answer.action,
      body: answer.body,
      sent_to: answer.sentTo,
      created_at: now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return answerOf(row);
}

export async function answersOf(db: Kysely<Database>, requestId: number): Promise<AnswerRecord[]> {
  const rows = await db.selectFrom("request_answers").selectAll().where("request_id", "=", requestId).orderBy("created_at").orderBy("id").execute();
  return rows.map(answerOf);
}

function answerOf(row: Selectable<RequestAnswersTable>): AnswerRecord {
  return {
    id: row.id,
    authorName: row.author_name,
    authorPersonId: row.author_person_id,
    authorStaffId: row.author_staff_id,
    action: row.action,
    body: row.body,
    sentTo: row.sent_to,
    createdAt: row.created_at,
  };
}

/** The person's own requests with their answers, oldest first (Download my data). */
export async function requestsOfPerson(db: Kysely<Database>, personId: number): Promise<(RequestRecord & { answers: AnswerRecord[] })[]> {
  const rows = await db.selectFrom("requests").selectAll().where("person_id", "=", personId).orderBy("created_at").orderBy("id").execute();
  return Promise.all(rows.map(async (row) => ({ ...recordOf(row), answers: await answersOf(db, row.id) })));
}

/**
 * An erasure's share (Delete my account): the person's own requests go, with
 * their answers; answers they gave as a school's admin stay with the request
 * they answered, no longer naming their account.
 */
/** A hand-entered school merged into its register record (the back office): its requests follow it; answers how many moved. */
export async function moveSchoolRequests(db: Kysely<Database>, fromSchoolId: number, intoSchoolId: number): Promise<number> {
  const moved = await db.updateTable("requests").set({ school_id: intoSchoolId }).where("school_id", "=", fromSchoolId).executeTakeFirst();
  return Number(moved.numUpdatedRows);
}

export async function eraseRequestsOf(db: Kysely<Database>, personId: number): Promise<void> {
  await db.deleteFrom("requests").where("person_id", "=", personId).execute();
  await db.updateTable("request_answers").set({ author_person_id: null }).where("author_person_id", "=", personId).execute();
}
