import type { Kysely } from "kysely";
import type { PasswordHasher } from "../accounts";
import type { AuditLog } from "../audit";
import type { CrmIds, CrmPort } from "../crm";
import type { Database } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import type { RateLimiter } from "../rate-limit/rate-limit";
import type { RequestsService } from "../requests";
import type { SchoolForStaffDesk, SchoolMergePreview } from "../schools";
import type { OrderExport, OrderLedger, PaymentsService, RefundRecord, SchoolInvoicesService, StaffRefund, Takings } from "../payments";
import type { RegisterUploads } from "../schools";
import type { Refusal } from "../shared/refusal";

/** What the People pages read and send through other capabilities' front doors. */
export interface PeopleDeskDependencies {
  crm: Pick<CrmPort, "findPeople" | "personDetails" | "memberships" | "affiliations">;
  ids: CrmIds;
  audit: AuditLog;
  emailVerified(personId: number): Promise<boolean>;
  /** Sends a fresh verification link (the accounts capability's, with its hourly limit). */
  sendVerificationLink(personId: number): Promise<{ kind: "sent" | "attached"; sentTo: string } | { kind: "rate-limited" } | { kind: "no-account" }>;
  /** Sends a password-reset link to the account with this address, as "Forgot your password?" does. */
  sendPasswordLink(email: string): Promise<void>;
  ordersOf(personId: number): Promise<OrderExport[]>;
  /** Schools the person is the only admin of (the erasure page warns: they are left without one). */
  soleAdminSchools(personId: number): Promise<{ name: string }[]>;
  /** A complimentary individual membership for one period, renewing a current one as a payment would (the memberships capability's). */
  grantComplimentary(personId: number, period: "month" | "year"): Promise<{ membershipId: number; previousExpiry: string | null; expires: Date }>;
  /** UK GDPR erasure, the one "Delete my account" does (the privacy capability's); false when there is no live account. */
  erase(personId: number, staffId: number, ip: string): Promise<boolean>;
  clock?: () => Date;
}

/** What the Orders pages read (the payments capability's ledger) and whom they name (the CRM port). */
export interface OrdersDeskDependencies {
  ledger: OrderLedger;
  refundsOf(orderId: number): Promise<RefundRecord[]>;
  refund(request: StaffRefund): Promise<RefundRecord[] | Refusal>;
  resendReceipt(orderId: number): Promise<{ sentTo: string } | Refusal>;
  /** The plan an order paid a period of, and the payer's renewal choice made for them (docs/payments.md, "Plans that renew"). */
  renewals: Pick<PaymentsService, "renewalOfOrder" | "chooseRenewalForPayer">;
  /** The invoice of an order a school pays by invoice (docs/payments.md, "Pay by invoice"). */
  invoices: Pick<SchoolInvoicesService, "ofOrder" | "pdfOfOrder" | "markPaid">;
  crm: Pick<CrmPort, "personContact" | "constituentDetail">;
  audit: AuditLog;
}

/** What the exports read (the CRM port, the school register) and record. */
export interface ExportsDeskDependencies {
  crm: Pick<CrmPort, "currentMembers" | "currentSchoolMemberships">;
  /** URN and postcode of these schools, from the register (the schools capability's). */
  registerEntries(schoolIds: readonly number[]): Promise<Map<number, { urn: string | null; postcode: string; closed: boolean }>>;
  /** Which of these memberships are paused for an unpaid invoice (the memberships capability's suspensions). */
  pausedAmong(membershipIds: readonly number[]): Promise<Set<number>>;
  ids: CrmIds;
  audit: AuditLog;
  clock?: () => Date;
}

/** What the Schools pages read and change: the schools capability's record of a school, and the memberships capability's extension. */
export interface SchoolsDeskDependencies {
  schools: SchoolForStaffDesk;
  ids: CrmIds;
  audit: AuditLog;
  requests: Pick<RequestsService, "inbox">;
  /** Creates or extends the school's membership by one period, under the school's lock ("unlimited": the free state level). */
  extendSchoolMembership(term: { schoolId: number; levelId: number; period: "month" | "year"; users: number | "unlimited" }): Promise<{ membershipId: number; previousExpiry: string | null; expires: Date }>;
  clock?: () => Date;
}

/** What a merge of a hand-entered school into its register record moves, each through its owner (server/staff/staff-school-merge.ts). */
export interface SchoolMergeDependencies {
  db: Kysely<Database>;
  crm: Pick<CrmPort, "inTransaction">;
  audit: AuditLog;
  /** The schools capability's check and summary; `within`: read in the merge's own transaction. */
  preview(fromId: number, urn: string, now: Date, within?: { db: Kysely<Database>; crm: CrmPort }): Promise<SchoolMergePreview | Refusal>;
  absorbHandEnteredSchool(db: Kysely<Database>, fromId: number, intoId: number): Promise<{ invites: number }>;
  moveSchoolOrders(db: Kysely<Database>, fromId: number, intoId: number): Promise<number>;
  moveSchoolRequests(db: Kysely<Database>, fromId: number, intoId: number): Promise<number>;
  /** Once a merge has committed: the hand-entered school leaves a hosted school search index (SCHOOL_SEARCH=algolia), if there is one. */
  schoolLeftRegister?(fromId: number): Promise<void>;
  clock?: () => Date;
}

/** What the register upload drives (the schools capability's background import) and records. */
export interface RegisterDeskDependencies {
  uploads: Pick<RegisterUploads, "latest" | "busy" | "start">;
  audit: AuditLog;
}

/** The requests capability's methods the back office's inbox and dashboard call. */
export type InboxRequests = Pick<RequestsService, "inbox" | "request" | "answer" | "close" | "approveJoinRequest" | "declineJoinRequest" | "counts">;

/** What the staff capability's services are built from (server/feature-services.ts gives it). */
export interface StaffDependencies {
  db: Kysely<Database>;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  audit: AuditLog;
  /** The site's public address without a trailing slash: enrolment links start with it. */
  publicUrl: string;
  /** The name authenticator apps show beside the code (the otpauth:// URI's issuer). */
  totpIssuer: string;
  /** The dashboard's membership figures. */
  crm: Pick<CrmPort, "membershipFigures">;
  /** The dashboard's orders and revenue between two instants (the payments capability's). */
  takings: (from: Date, to: Date) => Promise<Takings>;
  /** How many schools are paused for an unpaid invoice now (the payments capability's invoices). */
  pausedForInvoices: () => Promise<number>;
  /** What the members export reads. */
  exports: ExportsDeskDependencies;
  /** What the Orders pages read. */
  orders: OrdersDeskDependencies;
  /** The register upload (owners). */
  register: RegisterDeskDependencies;
  /** What the People pages read and send (other capabilities' front doors). */
  people: PeopleDeskDependencies;
  /** What the Schools pages read and change. */
  schools: Omit<SchoolsDeskDependencies, "requests" | "clock">;
  /** What merging a hand-entered school into its register record moves. */
  schoolMerge: Omit<SchoolMergeDependencies, "db" | "audit" | "clock">;
  /** The requests inbox, and the dashboard's "requests waiting" (the requests capability's). */
  requests: InboxRequests;
  /** Defaults to the process's shared hasher (its concurrency cap); tests may pass a cheaper one. */
  passwordHasher?: PasswordHasher;
  clock?: () => Date;
}
