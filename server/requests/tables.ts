import type { Generated } from "kysely";

/*
 * The requests capability's tables (migration 0030_requests.ts, docs/requests.md).
 * Only server/requests/ names them (lint/table-ownership.mjs).
 */

/** What was asked: to join a school, help with a wizard ending, or a contact-form message. */
export type RequestKind = "join" | "support" | "contact";
/** Open until answered; answered once a reply has gone out; closed when nothing more is to be done. */
export type RequestStatus = "open" | "answered" | "closed";
/** How a join request was decided (closed with it). */
export type JoinOutcome = "approved" | "declined";

export interface RequestsTable {
  id: Generated<number>;
  kind: RequestKind;
  status: RequestStatus;
  /** Who asked, when signed in; null once their account is erased. */
  person_id: number | null;
  /** The name and address to answer, as they were when it was sent. */
  name: string;
  email: string;
  /** The school it is about (a join request's, a support request's chosen school); null once that record is erased. */
  school_id: number | null;
  /** One line saying what it is about (the contact form's chosen subject; written by the server for the others). */
  subject: string;
  /** What the person wrote (may be empty for a support request). */
  message: string;
  /** JSON: what the person had already entered (school type, school, address, plan, numbers): `RequestDetails`. */
  details: string;
  outcome: JoinOutcome | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface RequestAnswersTable {
  id: Generated<number>;
  request_id: number;
  /** A school's admin who answered (approved or declined), while their account exists. */
  author_person_id: number | null;
  /** A back-office staff account that answered. */
  author_staff_id: number | null;
  /** The author as the person was told ("Tom Evans, Riverside Academy's admin", "The learning team"). */
  author_name: string;
  /** What the answer did besides replying. */
  action: JoinOutcome | "closed" | null;
  /** The text mailed. */
  body: string;
  sent_to: string;
  created_at: string;
}

export interface RequestTables {
  requests: RequestsTable;
  request_answers: RequestAnswersTable;
}
