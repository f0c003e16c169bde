import pg from "pg";
import { postgresConnectionSettings } from "./database";

/*
 * A PostgreSQL connection of its own, outside the pool, that LISTENs on one
 * channel: PostgreSQL's LISTEN/NOTIFY. A notification is sent when the
 * transaction that raised it commits, to every connection listening, and
 * only while that connection is open: a connection that drops misses what
 * was sent meanwhile, so its user must re-read whatever it follows once it
 * has listened again (server/cache/content-version-feed.ts does).
 */

export interface NotificationConnection {
  /** A query's rows, on this connection: it sees every commit notified to it before the query was sent. */
  query<Row>(query: { sql: string; parameters: readonly unknown[] }): Promise<Row[]>;
  /** Ends the connection; onLost is not called for it. */
  close(): Promise<void>;
}

export interface NotificationConnectionOptions {
  url: string;
  channel: string;
  /** Shown in pg_stat_activity, so an operator (or a test) can tell this connection from the pool's. */
  applicationName: string;
  /** How long connecting may take; 0 waits forever. */
  connectTimeoutMs: number;
  onNotification(payload: string): void;
  /** Once, when the connection ends (the server went away, the backend was terminated) other than by close(). */
  onLost(error: Error): void;
}

/** Connects and LISTENs; rejects when either fails, and then holds no connection. */
export async function listenForNotifications(options: NotificationConnectionOptions): Promise<NotificationConnection> {
  const client = new pg.Client({
    ...postgresConnectionSettings(options.url),
    application_name: options.applicationName,
    connectionTimeoutMillis: options.connectTimeoutMs,
    // Keepalives let the operating system notice a peer that vanished without closing.
    keepAlive: true,
  });
  let listening = false;
  let ended = false;
  const end = () => {
    ended = true;
    return client.end().catch(() => {});
  };
  const lose = (error: Error) => {
    if (!listening || ended) return;
    void end();
    options.onLost(error);
  };
  // Before connect(): pg emits "error" on a client without a listener as an uncaught exception.
  client.on("error", lose);
  client.on("end", () => lose(new Error("the connection to PostgreSQL ended")));
  client.on("notification", (message) => {
    if (!ended && message.channel === options.channel) options.onNotification(message.payload ?? "");
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${client.escapeIdentifier(options.channel)}`);
  } catch (error) {
    await end();
    throw error;
  }
  listening = true;
  return {
    async query<Row>(query: { sql: string; parameters: readonly unknown[] }) {
      const result = await client.query(query.sql, [...query.parameters]);
      return result.rows as Row[];
    },
    close: end,
  };
}
