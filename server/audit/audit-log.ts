import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database } from "../db/schema";
import type { AuditEvent } from "./audit-events";
import type { AuditEventsTable } from "./tables";

/*
 * The audit log (docs/audit.md): security-relevant events in the
 * audit_events table, for staff to read with `npm run audit`. Services
 * record; the HTTP edge hands them the client's address (Express's req.ip,
 * as the login throttle gets it), since services never see a request.
 */

/** Kept this long; `npm run audit -- --prune` deletes older rows (the privacy page says 12 months). */
export const AUDIT_RETENTION_MONTHS = 12;

/** Details are for investigators and never hold a secret: keys like these are refused. */
const secretKey = /pass(word)?|token|secret|card|cvc|cvv|pan$|hash/i;

export type AuditDetails = Record<string, string | number | boolean | null | readonly (string | number)[]>;

export interface AuditEntry {
  event: AuditEvent;
  /** Who did it (null: nobody signed in, or the system). */
  actorId?: number | null;
  /** Whose account it concerns. */
  subjectId?: number | null;
  /** The client's address, when a request caused it. */
  ip?: string | null;
  details?: AuditDetails;
  /** The staff account that did it (a back-office write); actorId is then null. */
  staffActorId?: number | null;
  /** The record the write changed, with its fields before and after it (null: it did not exist before, or no longer does). */
  record?: AuditedRecord;
}

/** What a back-office write changed: who, what and the record are the entry's; this is the record and its before and after. */
export interface AuditedRecord {
  type: string;
  id: string | number;
  before?: AuditDetails | null;
  after?: AuditDetails | null;
}

export interface AuditRecord {
  id: number;
  occurredAt: string;
  event: string;
  actorId: number | null;
  subjectId: number | null;
  ip: string | null;
  details: Record<string, unknown>;
  staffActorId: number | null;
  record: { type: string; id: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null } | null;
}

export interface AuditLog {
  /**
   * Appends one event. Pass the caller's transaction as `db` to make the
   * entry part of the change it records (it is then kept or lost with it).
   */
  record(entry: AuditEntry, db?: Kysely<Database> | Transaction<Database>): Promise<void>;
  /** Every event at or after `since`, oldest first. */
  listSince(since: Date): Promise<AuditRecord[]>;
  /** The newest `limit` events a person did or that concern them (actor, subject, or a back-office record of them), newest first: the back office's person page. */
  aboutPerson(personId: number, limit: number): Promise<AuditRecord[]>;
  /** The newest `limit` events about a school (its own record, or details naming it: a role, a request, a membership there), newest first: the back office's school page. */
  aboutSchool(schoolId: number, limit: number): Promise<AuditRecord[]>;
  /** Deletes events before `before`; returns how many. */
  pruneBefore(before: Date): Promise<number>;
}

export function createAuditLog(db: Kysely<Database>, clock: () => Date = () => new Date()): AuditLog {
  return {
    async record(entry, executor = db) {
      const { record } = entry;
      const keys = [entry.details, record?.before, record?.after].flatMap((values) => Object.keys(values ?? {}));
      const secret = keys.find((key) => secretKey.test(key));
      if (secret) throw new Error(`audit details must not hold secrets: "${secret}" refused for ${entry.event}`);
      await executor
        .insertInto("audit_events")
        .values({
          occurred_at: clock().toISOString(),
          event: entry.event,
          actor_id: entry.actorId ?? null,
          subject_id: entry.subjectId ?? null,
          ip: entry.ip ?? null,
          details: JSON.stringify(entry.details ?? {}),
          staff_actor_id: entry.staffActorId ?? null,
          record_type: record?.type ?? null,
          record_id: record === undefined ? null : String(record.id),
          record_before: record?.before ? JSON.stringify(record.before) : null,
          record_after: record?.after ? JSON.stringify(record.after) : null,
        })
        .execute();
    },

    async listSince(since) {
      const rows = await db
        .selectFrom("audit_events")
        .selectAll()
        .where("occurred_at", ">=", since.toISOString())
        .orderBy("occurred_at")
        .orderBy("id")
        .execute();
      return rows.map(auditRecordOf);
    },

    async aboutSchool(schoolId, limit) {
      // details is JSON.stringify's text (no spaces): the id is followed by "," or "}".
      const named = [`%"schoolId":${schoolId},%`, `%"schoolId":${schoolId}}%`];
      const rows = await db
        .selectFrom("audit_events")
        .selectAll()
        .where((eb) =>
          eb.or([eb.and([eb("record_type", "=", "school"), eb("record_id", "=", String(schoolId))]), ...named.map((pattern) => eb("details", "like", pattern))]),
        )
        .orderBy("occurred_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map(auditRecordOf);
    },

    async aboutPerson(personId, limit) {
      const rows = await db
        .selectFrom("audit_events")
        .selectAll()
        .where((eb) =>
          eb.or([eb("actor_id", "=", personId), eb("subject_id", "=", personId), eb.and([eb("record_type", "=", "person"), eb("record_id", "=", String(personId))])]),
        )
        .orderBy("occurred_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map(auditRecordOf);
    },

    async pruneBefore(before) {
      const result = await db.deleteFrom("audit_events").where("occurred_at", "<", before.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

function auditRecordOf(row: Selectable<AuditEventsTable>): AuditRecord {
  return {
    id: Number(row.id),
    occurredAt: row.occurred_at,
    event: row.event,
    actorId: row.actor_id === null ? null : Number(row.actor_id),
    subjectId: row.subject_id === null ? null : Number(row.subject_id),
    ip: row.ip,
    details: JSON.parse(row.details) as Record<string, unknown>,
    staffActorId: row.staff_actor_id === null ? null : Number(row.staff_actor_id),
    record:
      row.record_type === null
        ? null
        : { type: row.record_type, id: row.record_id ?? "", before: parsedObject(row.record_before), after: parsedObject(row.record_after) },
  };
}

function parsedObject(text: string | null): Record<string, unknown> | null {
  return text === null ? null : (JSON.parse(text) as Record<string, unknown>);
}

/** The start of retention: AUDIT_RETENTION_MONTHS before `now`. */
export function retentionStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - AUDIT_RETENTION_MONTHS);
  return start;
}
