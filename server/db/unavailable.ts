/*
 * The one place that decides whether a failed query means "the database
 * cannot be reached just now" (answered as a 503 with Retry-After by
 * server/http/error-handler.ts, docs/faults.md) rather than a bug (a 500).
 */

/**
 * Socket errors of a refused, reset or dropped connection (node:net, and pg's AggregateError for several addresses).
 * Not ECONNABORTED: a database socket that drops reports ECONNRESET or EPIPE, while ECONNABORTED is what
 * body-parser gives a client that stops sending its body, and a client must not be able to raise a database alarm.
 */
const networkCodes = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception) by prefix, and
 * - 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, recovering);
 * - 53300 too_many_connections;
 * - 57014 query_canceled: our statement_timeout (server/db/database.ts) fired, the server is overloaded;
 * - 25P03 idle_in_transaction_session_timeout.
 */
const postgresCodes = new Set(["57P01", "57P02", "57P03", "53300", "57014", "25P03"]);

/** pg's own errors for a lost connection or a full pool carry no code, only these messages. */
const postgresMessages = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "the database system is starting up",
  "the database system is shutting down",
];

/**
 * SQLite (better-sqlite3's SqliteError codes): another process holds the
 * lock past busy_timeout, the file cannot be opened, the disk failed or is full.
 */
const sqlitePatterns = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL)(_|$)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (networkCodes.has(code) || postgresCodes.has(code) || code.startsWith("08") || sqlitePatterns.test(code)) return true;
  }
  return postgresMessages.some((message) => error.message.startsWith(message));
}
