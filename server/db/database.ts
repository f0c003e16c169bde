import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type Dialect } from "kysely";
import pg from "pg";
import { parseDatabaseUrl, type DatabaseDialect } from "./database-url";
import { PipelinedReads } from "./pipelined-reads";
import type { Database } from "./schema";

export type { DatabaseDialect } from "./database-url";

/** An open database: the Kysely instance, which engine it is, and how to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DatabaseDialect;
  close(): Promise<void>;
}

export interface CreateDatabaseOptions {
  /** Relative SQLite paths resolve against this (default: the current directory). */
  cwd?: string;
  /** PostgreSQL pool size. */
  maxConnections?: number;
  /** Errors of idle pooled PostgreSQL connections (a restarted server); without a listener they would crash the process. */
  onPoolError?: (error: Error) => void;
  /**
   * PostgreSQL: how long a query waits for a connection (a new one, or a free
   * one from a full pool) before it fails, so a request never hangs on a
   * database that does not answer. Default 5000; 0 waits forever.
   */
  connectTimeoutMs?: number;
  /** PostgreSQL: the server cancels a statement running longer than this (SQLSTATE 57014). Default 30000; 0 turns it off. */
  statementTimeoutMs?: number;
  /**
   * SQLite: called with each new connection before any query, for the SQL
   * functions features' triggers call (the composition root passes search's;
   * server/open-database.ts). db/ knows no feature, so it is told.
   */
  onSqliteConnection?: (connection: SqliteDatabase.Database) => void;
}

/** Defaults for createDatabase's timeouts (docs/faults.md). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;
/** A transaction left open by a vanished client stops holding its locks after this. */
const idleInTransactionTimeoutMs = 60_000;

/** The better-sqlite3 connection behind each SQLite Kysely instance made here, for sqliteConnectionOf. */
const sqliteConnections = new WeakMap<Kysely<Database>, SqliteDatabase.Database>();
/** What Kysely's SQLite dialect prepares its queries with, for each instance made here (sqliteStatementsOf). */
const sqliteStatementSources = new WeakMap<Kysely<Database>, SqliteStatementSource>();
/** The pg pool behind each PostgreSQL Kysely instance made here, for postgresPoolOf. */
const postgresPools = new WeakMap<Kysely<Database>, pg.Pool>();
/** The pipelined connections beside each PostgreSQL Kysely instance's pool, for postgresReadsOf. */
const postgresReads = new WeakMap<Kysely<Database>, PipelinedReads>();

/** The part of a better-sqlite3 connection Kysely's SQLite dialect uses. */
export interface SqliteStatementSource {
  prepare(sql: string): SqliteDatabase.Statement;
  close(): void;
}

/** How many distinct statements each SQLite connection keeps prepared (the site sends a few hundred). */
const PREPARED_STATEMENTS = 500;

/**
 * The connection as Kysely's SQLite dialect sees it, its statements kept
 * prepared by their SQL (issue 27): the dialect prepares every query afresh,
 * which a CPU profile of a member's page put at 6-9 % of the server's time
 * (better-sqlite3's prepare). A prepared statement is reusable: Kysely only
 * calls all() or run() on it, which bind the parameters anew and finish
 * before anything else runs on the connection (it never iterates). The
 * least recently used goes past PREPARED_STATEMENTS.
 */
function keptStatements(database: SqliteDatabase.Database): SqliteStatementSource {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= PREPARED_STATEMENTS) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
    close: () => {
      statements.clear();
      database.close();
    },
  };
}

/** What Kysely prepares its queries with on a SQLite database made here (tests count the statements a request runs). */
export function sqliteStatementsOf(db: Kysely<Database>): SqliteStatementSource | undefined {
  return sqliteStatementSources.get(db);
}

/**
 * The one better-sqlite3 connection behind `db` when it is a SQLite database
 * made by createDatabase, else undefined (PostgreSQL, or a transaction). For a
 * read on the hot path that cannot afford Kysely's per-query compile, prepare
 * and mutex (server/cache/content-versions.ts); everything else goes through
 * Kysely.
 */
export function sqliteConnectionOf(db: Kysely<Database>): SqliteDatabase.Database | undefined {
  return sqliteConnections.get(db);
}

/**
 * The pg pool behind `db` when it is a PostgreSQL database made by
 * createDatabase, else undefined (SQLite, or a transaction, whose queries
 * must run on its own connection). For hot queries (server/db/hot-query.ts),
 * which run as named prepared statements; everything else goes through Kysely.
 */
export function postgresPoolOf(db: Kysely<Database>): pg.Pool | undefined {
  return postgresPools.get(db);
}

/**
 * The pipelined connections beside `db`'s pool when it is a PostgreSQL
 * database made by createDatabase, else undefined: for hot queries that only
 * read (server/db/pipelined-reads.ts).
 */
export function postgresReadsOf(db: Kysely<Database>): PipelinedReads | undefined {
  return postgresReads.get(db);
}

export function createDatabase(url: string, options: CreateDatabaseOptions = {}): DatabaseHandle {
  const location = parseDatabaseUrl(url, options.cwd);
  const engine = location.dialect === "sqlite" ? sqliteDialect(location.filename, options) : postgresDialect(location.connectionString, options);
  const db = new Kysely<Database>({ dialect: engine.dialect });
  if (engine.sqlite) sqliteConnections.set(db, engine.sqlite);
  if (engine.statements) sqliteStatementSources.set(db, engine.statements);
  if (engine.pool) postgresPools.set(db, engine.pool);
  if (engine.reads) postgresReads.set(db, engine.reads);
  return {
    db,
    dialect: location.dialect,
    async close() {
      await db.destroy();
      // Kysely's destroy() does nothing if no query ever ran; the connection is open regardless.
      await engine.closeIfOpen();
    },
  };
}

interface Engine {
  dialect: Dialect;
  sqlite?: SqliteDatabase.Database;
  statements?: SqliteStatementSource;
  pool?: pg.Pool;
  reads?: PipelinedReads;
  closeIfOpen(): Promise<void>;
}

function sqliteDialect(filename: string, options: CreateDatabaseOptions): Engine {
  if (filename !== ":memory:") mkdirSync(path.dirname(filename), { recursive: true });
  const database = new SqliteDatabase(filename);
  // WAL lets readers work while one writer commits; NORMAL is durable across
  // application crashes in WAL mode and much faster than FULL.
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = NORMAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  options.onSqliteConnection?.(database);
  const statements = keptStatements(database);
  return {
    dialect: new SqliteDialect({ database: statements }),
    sqlite: database,
    statements,
    closeIfOpen: async () => {
      if (database.open) database.close();
    },
  };
}

const int8TypeId = pg.types.builtins.INT8;

/**
 * bigint columns (millisecond timestamps, COUNT(*)) come back as JS numbers,
 * like on SQLite. Set per pool rather than on pg's global type registry, so
 * other code in the process keeps pg's defaults. Values past 2^53 would lose
 * precision; nothing here stores such numbers.
 */
const numberInt8Types: pg.CustomTypesConfig = {
  getTypeParser: ((typeId: number, format?: "text" | "binary") =>
    typeId === int8TypeId && format !== "binary"
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(typeId, format)) as pg.CustomTypesConfig["getTypeParser"],
};

/** What every PostgreSQL connection made here shares: the user psql would use, and bigint as a number. */
export function postgresConnectionSettings(connectionString: string): { connectionString: string; types: pg.CustomTypesConfig } {
  return { connectionString: withDefaultUser(connectionString), types: numberInt8Types };
}

function postgresDialect(connectionString: string, options: CreateDatabaseOptions): Engine {
  const connection = {
    ...postgresConnectionSettings(connectionString),
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: idleInTransactionTimeoutMs,
    // TCP keepalives notice a peer that vanished without closing (a cut network), so the pool drops that connection.
    keepAlive: true,
  };
  const pool = new pg.Pool({ ...connection, max: options.maxConnections ?? 10 });
  const report = options.onPoolError ?? ((error: Error) => console.error(`PostgreSQL pool error: ${error.message}`));
  // pg-pool hangs the whole client on the error (error.client): report only what names the failure.
  const onError = (error: Error) => report(connectionFailure(error));
  pool.on("error", onError);
  // pg-pool listens for errors only on idle clients. A connection lost while Kysely holds it (a query running, a
  // transaction between statements) also emits "error" on the client, which would crash the process unheard; the
  // query itself rejects (a 503, docs/faults.md) and the pool drops the client when it is released.
  pool.on("connect", (client) => client.on("error", onError));
  const reads = new PipelinedReads(connection, onError);
  return {
    dialect: new PostgresDialect({ pool }),
    pool,
    reads,
    closeIfOpen: async () => {
      await reads.end();
      if (!pool.ended) await pool.end();
    },
  };
}

/** The message and code of a lost connection, without the client object pg attaches to it. */
function connectionFailure(error: Error): Error {
  const code = (error as { code?: unknown }).code;
  return Object.assign(new Error(error.message), typeof code === "string" ? { code } : {});
}

/**
 * Like psql: without a user in the URL (or PGUSER), connect as the
 * operating-system user. pg alone would fall back to $USER, which is unset in
 * many containers.
 */
function withDefaultUser(connectionString: string): string {
  const url = new URL(connectionString);
  if (url.username || process.env.PGUSER) return connectionString;
  url.username = encodeURIComponent(os.userInfo().username);
  return url.href;
}
