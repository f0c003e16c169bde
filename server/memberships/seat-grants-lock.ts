import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { CrmIds } from "../crm/crm-ids";
import type { ConstituentId, CrmPort } from "../crm/crm-port";
import { createSqlCrm } from "../crm/sql-crm";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";

/**
 * Runs `work` holding the school's lock, with a CRM whose reads and writes
 * are all inside that one transaction (and the transaction itself, for the
 * caller's own tables).
 *
 * Why a lock and not a unique index: "only when the school has no current
 * admin" is a check-then-write across rows (current admins, then a new
 * affiliation), and a school may legitimately have several admins (an admin
 * makes another), so no unique index can say it. Instead every grant at a
 * school serialises on the school's own constituents row:
 * - PostgreSQL: SELECT ... FOR UPDATE on that row. A second grant waits
 *   there until the first commits, and its later reads (READ COMMITTED: each
 *   statement sees what is committed when it starts) then see the first
 *   grant's affiliation.
 * - SQLite: Kysely's SQLite driver hands its single connection to one
 *   transaction at a time, so transactions never interleave at all.
 * Seat counts do not rely on this (CrmPort.claimSeat is atomic by itself);
 * the lock also makes "create the free membership unless there is one" and
 * "already holds this role" safe against double clicks.
 * A Tessitura adapter would need its own lock (e.g. a Redis lock per school).
 */
export async function withSchoolLock<T>(
  db: Kysely<Database>,
  ids: CrmIds,
  schoolId: ConstituentId,
  work: (crm: CrmPort, trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select id from constituents where id = ${schoolId} for update`.execute(trx);
    }
    return work(createSqlCrm(trx, ids), trx);
  });
}
