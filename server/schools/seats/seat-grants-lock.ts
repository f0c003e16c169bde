import type { Kysely } from "kysely";
import type { ConstituentId, CrmPort } from "../../crm";
import type { Database } from "../../db/schema";
import { inTransaction } from "../../db/transactions";

/**
 * Runs `work` holding the school's lock, with a CRM whose reads and writes
 * are all one unit (CrmPort.inTransaction) joined to the site's transaction,
 * which `work` gets too, for the caller's own tables.
 *
 * Why a lock and not a unique index: "only when the school has no current
 * admin" is a check-then-write across rows (current admins, then a new
 * affiliation), and a school may legitimately have several admins (an admin
 * makes another), so no unique index can say it. Instead every grant at a
 * school serialises on the school's lock (the embedded CRM: its
 * constituent's row, server/crm/sql-crm.ts; a Tessitura adapter would need a
 * lock of its own, e.g. a Redis lock per school).
 * Seat counts do not rely on this (CrmPort.claimSeat is atomic by itself);
 * the lock also makes "create the free membership unless there is one" and
 * "already holds this role" safe against double clicks.
 */
export async function withSchoolLock<T>(
  db: Kysely<Database>,
  crm: CrmPort,
  schoolId: ConstituentId,
  work: (crm: CrmPort, trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return inTransaction(db, (trx) => crm.inTransaction((locked) => work(locked, trx), { lock: schoolId, joining: trx }));
}
