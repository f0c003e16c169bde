import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import type { CrmIds } from "./crm-ids";
import type { ConstituentId, CrmPort } from "./crm-port";
import { sqlAffiliationRecords } from "./sql-affiliations";
import { sqlConstituentRecords } from "./sql-constituents";
import { sqlMembershipFigures } from "./sql-membership-figures";
import { sqlMembershipRecords } from "./sql-memberships";
import { sqlPeopleRecords } from "./sql-people";
import { sqlReferenceData } from "./sql-reference-data";

/**
 * The embedded CRM: the CRM port over the site's own database (SQLite or
 * PostgreSQL). Built only by the composition root (server/feature-services.ts,
 * the seed, and tests' set-up; a lint rule holds this): features get a port.
 */
export function createSqlCrm(db: Kysely<Database>, ids: CrmIds): CrmPort {
  return {
    ...sqlReferenceData(db),
    ...sqlConstituentRecords(db, ids),
    ...sqlPeopleRecords(db, ids),
    ...sqlMembershipRecords(db),
    ...sqlMembershipFigures(db, ids),
    ...sqlAffiliationRecords(db, sqlMembershipRecords),
    // A unit is a database transaction (the caller's when it joins one: inTransaction does not nest), and the CRM inside it is this adapter over it.
    inTransaction: (work, options = {}) =>
      inTransaction(options.joining ?? db, async (trx) => {
        if (options.lock !== undefined) await lockConstituent(trx, options.lock);
        return work(createSqlCrm(trx, ids));
      }),
  };
}

/**
 * Holds a constituent's lock until the transaction ends.
 * - PostgreSQL: SELECT ... FOR UPDATE on its row. A second unit waits there
 *   until the first commits, and its later reads (READ COMMITTED: each
 *   statement sees what is committed when it starts) then see the first
 *   unit's writes.
 * - SQLite: Kysely's SQLite driver hands its single connection to one
 *   transaction at a time, so transactions never interleave at all.
 */
async function lockConstituent(trx: Kysely<Database>, id: ConstituentId): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select id from constituents where id = ${id} for update`.execute(trx);
  }
}
