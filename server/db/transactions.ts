import { PostgresAdapter, sql, type Kysely, type Transaction } from "kysely";

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

/** How long inExclusiveTransaction waits for another process's turn by default: a whole demo seed on a loaded machine. */
const EXCLUSIVE_WAIT_MS = 300_000;

/**
 * Runs `work` in a transaction that no other process runs at the same time
 * under the same `lock` name, on one database: a second caller waits until
 * the first has committed (or rolled back), then sees what it wrote. For a
 * check-then-write across a whole database ("seed it if it is empty") that
 * no unique index can make safe.
 * - PostgreSQL: pg_advisory_xact_lock on the name's hash, released by the
 *   commit; the wait is bounded by `waitMs` (a statement timeout for this
 *   transaction; a holder that vanished stops holding it after the
 *   connection's idle-in-transaction timeout).
 * - SQLite: the file's one write lock, taken by the transaction's first
 *   statement, before it reads anything (what BEGIN IMMEDIATE does: a
 *   transaction that read first could not take the lock later without
 *   failing once another process has written). `lock` is not used: the
 *   write lock is the whole file's. A busy file is retried until `waitMs`,
 *   beyond the connection's 5 s busy timeout.
 * `db` must not already be a transaction.
 */
export async function inExclusiveTransaction<DB, T>(
  db: Kysely<DB>,
  lock: string,
  work: (trx: Transaction<DB>) => Promise<T>,
  options: { waitMs?: number } = {},
): Promise<T> {
  if (db.isTransaction) throw new Error("inExclusiveTransaction needs a database, not a transaction");
  const waitMs = options.waitMs ?? EXCLUSIVE_WAIT_MS;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return inTransaction(db, async (trx) => {
      await sql`select set_config('statement_timeout', ${String(waitMs)}, true)`.execute(trx);
      await sql`select pg_advisory_xact_lock(hashtextextended(${`exclusive:${lock}`}, 0))`.execute(trx);
      return work(trx);
    });
  }
  const deadline = Date.now() + waitMs;
  for (;;) {
    let locked = false;
    try {
      return await inTransaction(db, async (trx) => {
        // A write that changes nothing, yet takes the write lock as BEGIN IMMEDIATE would; Kysely begins deferred.
        await sql`delete from kysely_migration where 0`.execute(trx);
        locked = true;
        return work(trx);
      });
    } catch (error) {
      if (locked || (error as { code?: unknown }).code !== "SQLITE_BUSY" || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
