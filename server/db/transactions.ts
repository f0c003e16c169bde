import type { Kysely, Transaction } from "kysely";

/**
 * Runs `work` in a transaction: a new one, or the caller's when `db` already
 * is one (Kysely does not nest them). So a multi-step write is atomic on its
 * own, and also inside a larger unit such as a seed or an import.
 */
export function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}
