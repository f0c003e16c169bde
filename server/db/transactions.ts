import type { Kysely, Transaction } from "kysely";

/** Work to run once a transaction begun by inTransaction has committed. */
const commitHooks = new WeakMap<object, (() => void)[]>();

/**
 * Runs `work` in a transaction: a new one, or the caller's when `db` already
 * is one (Kysely does not nest them). So a multi-step write is atomic on its
 * own, and also inside a larger unit such as a seed or an import.
 */
export async function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<DB>);
  const hooks: (() => void)[] = [];
  const result = await db.transaction().execute((trx) => {
    commitHooks.set(trx, hooks);
    return work(trx);
  });
  for (const hook of hooks) hook();
  return result;
}

/**
 * Calls `hook` once what `db` wrote is committed: at once outside a
 * transaction, after the commit inside one begun by inTransaction, never if
 * it rolls back. (Inside any other transaction it runs at once; callers use
 * it for a prompt wake-up that a poll backs up.)
 */
export function afterCommit<DB>(db: Kysely<DB>, hook: () => void): void {
  const hooks = db.isTransaction ? commitHooks.get(db) : undefined;
  if (hooks) hooks.push(hook);
  else hook();
}
