import type { Kysely } from "kysely";
import type { AuditLog } from "../audit";
import type { Database } from "../db/schema";
import type { StaffAccount } from "./staff-records";

/** The audit events of the back office's staff (server/audit/audit-events.ts). */
type StaffEvent =
  | "staff.created"
  | "staff.invited"
  | "staff.enrolment-link-sent"
  | "staff.enrolled"
  | "staff.signed-in"
  | "staff.sign-in-failed"
  | "staff.signed-out"
  | "staff.role-changed"
  | "staff.removed";

/** What an audit entry keeps of a staff account: never its credentials. */
export function staffRecordOf(account: Pick<StaffAccount, "email" | "role">): { email: string; role: string } {
  return { email: account.email, role: account.role };
}

/**
 * One back-office entry about a staff account: who acted (a staff account, or
 * null for the command line), the account as record, its fields before and
 * after. Pass the transaction that made the change, so both commit together.
 */
export function recordStaffEvent(
  audit: AuditLog,
  entry: {
    event: StaffEvent;
    actorId: number | null;
    target: { id: number } | null;
    before?: Record<string, string> | null;
    after?: Record<string, string> | null;
    ip?: string | null;
    details?: Record<string, string | number>;
  },
  executor?: Kysely<Database>,
): Promise<void> {
  return audit.record(
    {
      event: entry.event,
      staffActorId: entry.actorId,
      ip: entry.ip ?? null,
      details: entry.details,
      record: entry.target === null ? undefined : { type: "staff", id: entry.target.id, before: entry.before ?? null, after: entry.after ?? null },
    },
    executor,
  );
}
