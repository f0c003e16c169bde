import type { Kysely } from "kysely";
import type { CrmPort } from "../crm/crm-port";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import type { Establishment } from "./gias-establishments";
import { importEstablishments, type ImportSummary } from "./import-establishments";
import { SchoolRegister } from "./school-register";

/** Schools written per transaction: big enough to be quick, small enough not to hold the database for long. */
const BATCH_SIZE = 1000;

/**
 * Imports the register into the embedded CRM in batches, each one atomic.
 * Inside a caller's transaction (the seed) it all becomes part of that one.
 * Each batch's CRM calls are one unit with its transaction (CrmPort.inTransaction).
 */
export async function importRegisterIntoEmbeddedCrm(
  db: Kysely<Database>,
  establishments: readonly Establishment[],
  options: { crm: CrmPort; now: Date },
): Promise<ImportSummary> {
  const total: ImportSummary = { created: 0, updated: 0, unchanged: 0 };
  for (let start = 0; start < establishments.length; start += BATCH_SIZE) {
    const batch = establishments.slice(start, start + BATCH_SIZE);
    const summary = await inTransaction(db, (trx) =>
      options.crm.inTransaction((crm) => importEstablishments(batch, { crm, register: new SchoolRegister(trx), now: options.now }), { joining: trx }),
    );
    total.created += summary.created;
    total.updated += summary.updated;
    total.unchanged += summary.unchanged;
  }
  return total;
}
