import type { CompiledQuery } from "kysely";

/*
 * Change counters pushed to this process (docs/performance.md, "Pushed
 * change counters"). A kept answer is current while its change counter has
 * not moved; reading the counter from PostgreSQL on every request costs a
 * round trip. Instead, one connection per process LISTENs on a channel that
 * migration 0029's triggers notify whenever a counter moves (when the write
 * commits), and re-reads the counters it follows when told: readers then get
 * the value in memory, no query.
 *
 * While that connection is down, or between a notification and the re-read
 * it causes, every reader reads its counter from the database as before
 * (`fallback`), so nothing stale is served; the feed reconnects (waits
 * growing to 2 s), listens again, re-reads every counter and only then
 * serves pushed values again. A re-read each second on the same connection
 * (the heartbeat) finds a connection that no longer answers (one that
 * vanished without closing) and bounds how late a change could show if a
 * notification were ever missed.
 */

/** The connection the feed listens on (server/db/notification-connection.ts in production). */
export interface FeedConnection {
  /** The counter `query` reads (its first row's `version`), on this connection. */
  read(query: CompiledQuery): Promise<number>;
  close(): Promise<void>;
}

export interface ContentVersionFeedOptions {
  /** Connects, listens, and resolves once listening; `onChange` for each notification, `onLost` once if it drops. */
  connect(handlers: { onChange(): void; onLost(error: Error): void }): Promise<FeedConnection>;
  /** The first time the feed serves pushed values. */
  onLive?(): void;
  /** The first failure of each outage (not every failed attempt to reconnect): readers read the database meanwhile. */
  onLost?(error: Error): void;
  /** Serving pushed values again after an outage. */
  onBack?(): void;
  /** How often the counters are re-read while live (default 1000 ms). */
  heartbeatMs?: number;
  /** How long a re-read may take before the connection counts as lost (default 2000 ms). */
  readDeadlineMs?: number;
}

export interface ContentVersionFeed {
  /** A reader of the counter `query` reads: the pushed value while the feed is live, else `fallback()`. */
  reader(query: CompiledQuery, fallback: () => Promise<number>): () => Promise<number>;
  /** Whether readers get pushed values now. */
  readonly live: boolean;
  /** Connects in the background; readers fall back until it is live. */
  start(): void;
  close(): Promise<void>;
}

interface Counter {
  query: CompiledQuery;
  /** The value last read on the feed's connection, as the promise readers return. */
  pushed?: Promise<number>;
}

/** One connection's life: the feed starts a new one for each reconnect. */
interface Session {
  connection?: FeedConnection;
  /** A notification came (or the connection is new) since the counters were last read. */
  changed: boolean;
  reading: boolean;
  ended: boolean;
}

const FIRST_RECONNECT_WAIT_MS = 100;
const LONGEST_RECONNECT_WAIT_MS = 2000;

export function contentVersionFeed(options: ContentVersionFeedOptions): ContentVersionFeed {
  const heartbeatMs = options.heartbeatMs ?? 1000;
  const readDeadlineMs = options.readDeadlineMs ?? 2000;
  const counters: Counter[] = [];
  let current: Session | undefined;
  let serving = false;
  let wasLive = false;
  let inOutage = false;
  let failedAttempts = 0;
  let started = false;
  let stopped = false;
  /** The connection being made, which close() waits for. */
  let connecting: Promise<void> | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const readWithinDeadline = (connection: FeedConnection, query: CompiledQuery) => {
    // The read first: were it to throw, no deadline would be left to reject with no one listening.
    const reading = connection.read(query);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`PostgreSQL did not answer a change counter's read within ${readDeadlineMs} ms`)), readDeadlineMs);
    });
    return Promise.race([reading, deadline]).finally(() => clearTimeout(timer));
  };

  /** Re-reads every counter until no notification came during the reads; then readers may use the values. */
  async function catchUp(session: Session): Promise<void> {
    if (session.reading) return;
    session.reading = true;
    try {
      while (session.changed && !session.ended) {
        session.changed = false;
        for (const counter of [...counters]) {
          const value = await readWithinDeadline(session.connection!, counter.query);
          if (session.ended) return;
          counter.pushed = Promise.resolve(value);
        }
      }
      if (session.ended) return;
      serving = true;
      failedAttempts = 0;
      if (inOutage) {
        inOutage = false;
        options.onBack?.();
      } else if (!wasLive) {
        options.onLive?.();
      }
      wasLive = true;
    } catch (error) {
      lose(session, error as Error);
    } finally {
      session.reading = false;
    }
  }

  /** A counter moved: read them again, and let readers read the database until then. */
  function changed(session: Session): void {
    if (session !== current || session.ended) return;
    serving = false;
    session.changed = true;
    // A notification before the connection is handed over (just after LISTEN): connect() reads everything once it is.
    if (session.connection) void catchUp(session);
  }

  function lose(session: Session, error: Error): void {
    if (session !== current || session.ended) return;
    session.ended = true;
    serving = false;
    current = undefined;
    void session.connection?.close().catch(() => {});
    if (stopped) return;
    if (!inOutage) {
      inOutage = true;
      options.onLost?.(error);
    }
    const wait = Math.min(FIRST_RECONNECT_WAIT_MS * 2 ** failedAttempts, LONGEST_RECONNECT_WAIT_MS);
    failedAttempts += 1;
    reconnectTimer = setTimeout(() => void (connecting = connect()), wait);
    reconnectTimer.unref();
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    const session: Session = { changed: true, reading: false, ended: false };
    current = session;
    try {
      session.connection = await options.connect({ onChange: () => changed(session), onLost: (error) => lose(session, error) });
    } catch (error) {
      lose(session, error as Error);
      return;
    }
    if (session.ended) return void session.connection.close().catch(() => {});
    // Listening now: whatever commits from here on is notified, and the reads below see everything before.
    await catchUp(session);
  }

  return {
    reader(query, fallback) {
      const counter: Counter = { query };
      counters.push(counter);
      return () => (serving && counter.pushed) || fallback();
    },
    get live() {
      return serving;
    },
    start() {
      if (started || stopped) return;
      started = true;
      heartbeat = setInterval(() => {
        const session = current;
        if (!session || !serving || session.reading) return;
        session.changed = true;
        void catchUp(session);
      }, heartbeatMs);
      heartbeat.unref();
      connecting = connect();
    },
    async close() {
      stopped = true;
      serving = false;
      clearTimeout(reconnectTimer);
      clearInterval(heartbeat);
      await connecting;
      const session = current;
      current = undefined;
      if (!session) return;
      session.ended = true;
      await session.connection?.close();
    },
  };
}
