import type { Generated } from "kysely";

/** One security-relevant event (migration 0019_audit_events.ts; docs/audit.md). */
export interface AuditEventsTable {
  id: Generated<number>;
  /** ISO 8601 UTC. */
  occurred_at: string;
  /** One of AUDIT_EVENTS (./audit-events.ts). */
  event: string;
  /** Who did it; null when nobody was signed in (a failed sign-in) or for the system (a payment notification). */
  actor_id: number | null;
  /** Whose account it concerns. */
  subject_id: number | null;
  ip: string | null;
  /** JSON object text; never a password, token or card data (AuditLog.record refuses such keys). */
  details: string;
  /** The staff account that acted, from the back office (migration 0028); null for everything members and the system do. */
  staff_actor_id: Generated<number | null>;
  /** The kind of record a back-office write changed ("staff", "school", ...) and its id, as text. */
  record_type: Generated<string | null>;
  record_id: Generated<string | null>;
  /** The record's fields the write changed, before and after it, each a JSON object (null: it did not exist). */
  record_before: Generated<string | null>;
  record_after: Generated<string | null>;
}

export interface AuditTables {
  audit_events: AuditEventsTable;
}
