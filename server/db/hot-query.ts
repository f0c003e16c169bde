import { CompiledQuery, type Compilable, type Kysely } from "kysely";
import { postgresPoolOf, postgresReadsOf, sqliteConnectionOf, sqliteStatementsOf } from "./database";
import type { Database } from "./schema";

/*
 * A query built and compiled once per shape, then run with each call's
 * values (issue 27). Kysely builds a query's tree and compiles it to SQL on
 * every call: about 30 µs, five times what running the compiled SQL costs on
 * SQLite, which a signed-in page view paid for each of its small reads (the
 * session, the credentials, the member's own rows). A hot query is written as
 * usual, as a function of its arguments; it is built once with stand-ins for
 * them, and each stand-in's place among the compiled parameters is noted, so
 * a call sends the same SQL with its own values. An argument that is a list
 * (`where(column, "in", list)`) gives a shape per length. Values the query
 * names itself (a constant in a where) stay as compiled.
 *
 * On SQLite the compiled statement also runs on the connection itself, as
 * change counters are read (cache/content-versions.ts): Kysely's driver
 * takes its connection mutex and hops through several promises for each
 * query, about as much again as the read. While a transaction is open on
 * the connection the query goes through Kysely, which waits for it to end:
 * run beside it, the query would see that transaction's uncommitted rows.
 *
 * On PostgreSQL it runs on the pool itself as a named prepared statement:
 * each connection parses and plans it once, then only binds and executes
 * it, and Kysely's driver (its connection provider and result hops, about a
 * fifth of a member page's CPU there) is skipped. A query that only reads
 * goes down the pipelined connections instead (db/pipelined-reads.ts): the
 * reads a request starts together share one write. A transaction is another
 * Kysely instance, with no pool of its own here: its hot queries go through
 * Kysely, on its connection.
 */

type Value = string | number | null;
type Argument = Value | readonly Value[];

/** A stand-in for argument `index` (element `element` of a list). */
interface StandIn {
  index: number;
  element?: number;
}

type Parameter = { standIn: StandIn } | { constant: unknown };

interface Compiled {
  /** The prepared statement's name on PostgreSQL: one per distinct SQL text in the process. */
  name: string;
  sql: string;
  parameters: Parameter[];
  /** A select: PostgreSQL may pipeline it beside others. */
  reads: boolean;
}

export function hotQuery<Args extends readonly Argument[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  // Compiled shapes per dialect (a transaction shares its database's adapter): SQLite and PostgreSQL write parameters differently.
  const compiledByDialect = new WeakMap<object, Map<string, Compiled>>();
  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter;
    const shapes = compiledByDialect.get(adapter) ?? new Map<string, Compiled>();
    compiledByDialect.set(adapter, shapes);
    const shape = args.map((arg) => (Array.isArray(arg) ? arg.length : "-")).join(",");
    let compiled = shapes.get(shape);
    if (!compiled) {
      compiled = compile(db, build, args);
      shapes.set(shape, compiled);
    }
    const parameters = compiled.parameters.map((parameter) => {
      if ("constant" in parameter) return parameter.constant;
      const { index, element } = parameter.standIn;
      const arg = args[index];
      return element === undefined ? arg : (arg as readonly Value[])[element];
    });
    const sqlite = sqliteConnectionOf(db);
    if (sqlite && !sqlite.inTransaction) {
      const statement = sqliteStatementsOf(db)!.prepare(compiled.sql);
      if (statement.reader) return statement.all(parameters) as Row[];
      statement.run(parameters);
      return [];
    }
    const reads = compiled.reads ? postgresReadsOf(db) : undefined;
    if (reads) return reads.query<Row & object>(compiled.name, compiled.sql, parameters);
    const pool = postgresPoolOf(db);
    if (pool) return (await pool.query<Row & object>({ name: compiled.name, text: compiled.sql, values: parameters })).rows;
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}

/** How many shapes this process has compiled, which names each one. */
let compiledShapes = 0;

function compile<Args extends readonly Argument[], Row>(db: Kysely<Database>, build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>, args: Args): Compiled {
  const standIns = new Set<StandIn>();
  const standInsOf = args.map((arg, index) => {
    if (!Array.isArray(arg)) return remember(standIns, { index });
    return arg.map((_, element) => remember(standIns, { index, element }));
  }) as unknown as Args;
  const { sql, parameters, query } = build(db, ...standInsOf).compile();
  return {
    name: `hot_query_${++compiledShapes}`,
    sql,
    reads: query.kind === "SelectQueryNode",
    parameters: parameters.map((parameter) => (standIns.has(parameter as StandIn) ? { standIn: parameter as StandIn } : { constant: parameter })),
  };
}

function remember(standIns: Set<StandIn>, standIn: StandIn): StandIn {
  standIns.add(standIn);
  return standIn;
}
