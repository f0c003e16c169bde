import session, { type SessionData } from "express-session";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { hotQuery } from "../../db/hot-query";
import { withStoredExpiry } from "./rolling-expiry";

/** The tables that hold sessions: members' and, apart from them, the back office's (migration 0028). */
export type SessionTable = "sessions" | "staff_sessions";

export interface KyselySessionStoreOptions {
  /** Defaults to members' `sessions`. */
  table?: SessionTable;
  /** How often expired rows are deleted. */
  pruneIntervalMs?: number;
  /** Lifetime of a session whose cookie has no expiry. */
  fallbackTtlMs?: number;
  /** A touch within this long of the stored expiry writes nothing: idle timeouts need minutes, not milliseconds. */
  touchResolutionMs?: number;
  /** Failures of the background prune (reads and writes report to their callbacks). */
  onPruneError?: (error: unknown) => void;
  now?: () => number;
}

type Callback<T = void> = (error: unknown, value?: T) => void;

/** Read for every request that sends a session cookie: compiled once per table (db/hot-query.ts; a table name is no parameter). */
const liveSessionIn = (table: SessionTable) =>
  hotQuery((db, sid: string, now: number) => db.selectFrom(table).select(["sess", "expires_at"]).where("sid", "=", sid).where("expires_at", ">", now));
const liveSession: Record<SessionTable, ReturnType<typeof liveSessionIn>> = { sessions: liveSessionIn("sessions"), staff_sessions: liveSessionIn("staff_sessions") };

/**
 * express-session's store in the application database (SQLite or
 * PostgreSQL through Kysely), so sessions need no extra service and survive
 * restarts. Expired rows are never returned and are pruned in the background.
 */
export class KyselySessionStore extends session.Store {
  private readonly fallbackTtlMs: number;
  private readonly touchResolutionMs: number;
  private readonly now: () => number;
  private readonly pruneTimer: NodeJS.Timeout;
  private readonly table: SessionTable;

  constructor(
    private readonly db: Kysely<Database>,
    options: KyselySessionStoreOptions = {},
  ) {
    super();
    this.fallbackTtlMs = options.fallbackTtlMs ?? 24 * 60 * 60 * 1000;
    this.touchResolutionMs = options.touchResolutionMs ?? 60 * 1000;
    this.now = options.now ?? Date.now;
    this.table = options.table ?? "sessions";
    const onPruneError = options.onPruneError ?? (() => {});
    this.pruneTimer = setInterval(() => this.pruneExpired().catch(onPruneError), options.pruneIntervalMs ?? 15 * 60 * 1000);
    // The timer must never keep a finished process (or a test run) alive.
    this.pruneTimer.unref();
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    settle(callback, async () => {
      const [row] = await liveSession[this.table](this.db, sid, this.now());
      return row ? withStoredExpiry(JSON.parse(row.sess) as SessionData, row.expires_at) : null;
    });
  }

  override set(sid: string, data: SessionData, callback: Callback = () => {}): void {
    settle(callback, async () => {
      const now = this.now();
      const sess = JSON.stringify(data);
      const expiresAt = this.expiryOf(data, now);
      await this.db
        .insertInto(this.table)
        .values({ sid, sess, expires_at: expiresAt, created_at: now })
        .onConflict((conflict) => conflict.column("sid").doUpdateSet({ sess, expires_at: expiresAt }))
        .execute();
    });
  }

  override destroy(sid: string, callback: Callback = () => {}): void {
    settle(callback, async () => {
      await this.db.deleteFrom(this.table).where("sid", "=", sid).execute();
    });
  }

  override touch(sid: string, data: SessionData, callback: Callback = () => {}): void {
    settle(callback, async () => {
      const expiresAt = this.expiryOf(data);
      // Rolling sessions touch on every request; skipping near-identical
      // expiries keeps most requests free of a write.
      await this.db
        .updateTable(this.table)
        .set({ expires_at: expiresAt })
        .where("sid", "=", sid)
        .where("expires_at", "<", expiresAt - this.touchResolutionMs)
        .execute();
    });
  }

  /** Deletes every expired row; returns how many. */
  async pruneExpired(): Promise<number> {
    const result = await this.db.deleteFrom(this.table).where("expires_at", "<=", this.now()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Stops the background prune. The database itself is closed by its owner. */
  close(): void {
    clearInterval(this.pruneTimer);
  }

  /** `now` is the caller's own clock reading, when it has one, so one write never reads the clock twice. */
  private expiryOf(data: SessionData, now: number = this.now()): number {
    const expires = data.cookie?.expires;
    return expires ? new Date(expires).getTime() : now + this.fallbackTtlMs;
  }
}

function settle<T>(callback: Callback<T>, work: () => Promise<T>): void {
  work().then(
    (value) => callback(null, value),
    (error: unknown) => callback(error),
  );
}
