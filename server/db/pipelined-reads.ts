import pg from "pg";

/*
 * Hot reads on PostgreSQL, sent down a few pipelined connections (issue 27).
 * A profile of My account on PostgreSQL put the socket's writes at a third
 * of the app's CPU: each of its seven small reads went down its own pooled
 * connection, one write and one wake-up each, about 60 µs of the app's CPU a
 * read against 5 µs for the read itself on SQLite. Here every read issued in
 * one turn of the event loop (a page's reads, started together, and those of
 * every other request answered in that turn) goes down one connection in
 * one write, corked until the turn ends, and PostgreSQL answers them in
 * order. Each read is its own statement with its own Sync, so one failing
 * fails only itself.
 *
 * Only reads come here: a write could wait on a row lock and hold up every
 * read behind it on the connection. Reads of hot queries are small
 * primary-key or index lookups. A lost connection fails the reads on it
 * (pg rejects them; the requests answer 503, docs/faults.md) and the next
 * read opens a new one.
 */

/** What a pipelined connection is made with: the pool's own settings (server/db/database.ts). */
export type PipelineClientConfig = Omit<pg.ClientConfig, "pipeline">;

/** How many connections take turns: PostgreSQL runs each connection's statements on one core, and this machine class has two. */
const CONNECTIONS = 2;

interface Corkable {
  cork(): void;
  uncork(): void;
}

export class PipelinedReads {
  private readonly clients: (pg.Client | undefined)[] = new Array(CONNECTIONS).fill(undefined);
  /** The connection this turn's reads go down, once the turn has sent one. */
  private turnClient: pg.Client | undefined;
  private next = 0;
  private ended = false;
  /** Each statement's columns as last described, with their parsers (HotRead). */
  private readonly columns = new Map<string, Columns>();

  constructor(
    private readonly config: PipelineClientConfig,
    private readonly onError: (error: Error) => void,
  ) {}

  /** Runs a named prepared statement (parsed once per connection) with these values. */
  query<Row extends object>(name: string, text: string, values: unknown[]): Promise<Row[]> {
    if (this.ended) return Promise.reject(new Error("The database is closed."));
    const client = this.turnClient ?? this.startTurn();
    return new Promise<Row[]>((resolve, reject) => {
      client.query(new HotRead(name, text, values, this.columns, (error, result) => (error ? reject(error) : resolve(result!.rows as Row[]))));
    });
  }

  async end(): Promise<void> {
    this.ended = true;
    const open = this.clients.filter((client): client is pg.Client => client !== undefined);
    this.clients.fill(undefined);
    await Promise.all(open.map((client) => client.end().catch(() => undefined)));
  }

  /** Picks the next connection for this turn's reads and holds their writes until the turn ends. */
  private startTurn(): pg.Client {
    const index = this.next;
    this.next = (index + 1) % CONNECTIONS;
    const client = this.clients[index] ?? this.open(index);
    const stream = (client as unknown as { connection: { stream: Corkable } }).connection.stream;
    stream.cork();
    this.turnClient = client;
    setImmediate(() => {
      this.turnClient = undefined;
      stream.uncork();
    });
    return client;
  }

  private open(index: number): pg.Client {
    const client = new pg.Client({ ...this.config, pipeline: true } as pg.ClientConfig);
    const drop = () => {
      if (this.clients[index] === client) this.clients[index] = undefined;
    };
    client.on("error", (error) => {
      drop();
      this.onError(error);
    });
    client.on("end", drop);
    // Reads sent before the connection is ready wait in pg's queue; a failed connect fails them, and the next turn opens another.
    client.connect().catch(drop);
    this.clients[index] = client;
    return client;
  }
}

/** A statement's columns, as PostgreSQL described them, and what pg's result made of them. */
interface Columns {
  fields: readonly { name: string; dataTypeID: number; format: string }[];
  parsers: unknown[];
  emptyRow: object;
}

/** The parts of pg's result that a row description sets (pg/lib/result.js addFields). */
interface ResultColumns {
  fields: Columns["fields"];
  _parsers: unknown[];
  _prebuiltEmptyResultObject: object;
  addFields(fields: Columns["fields"]): void;
}

/**
 * pg's Query for one hot read, made for less per read (a profile of My
 * account on PostgreSQL put pg's per-query copies at an eighth of the page's
 * CPU). Made from its text, not a config object, which pg copies property by
 * property (`cloneQueryConfig`), then named, so it is still prepared once per
 * connection. And a statement describes the same columns every time, so the
 * parsers pg's result picks for them (`addFields`, a type lookup and two
 * objects per column) are kept per statement and reused while the
 * description matches.
 */
class HotRead extends pg.Query {
  constructor(
    name: string,
    text: string,
    values: unknown[],
    private readonly columns: Map<string, Columns>,
    callback: (error: Error | undefined, result: { rows: unknown[] } | undefined) => void,
  ) {
    super(text, values, callback as never);
    (this as unknown as { name: string }).name = name;
  }

  handleRowDescription(message: { fields: Columns["fields"] }): void {
    const self = this as unknown as { name: string; _result: ResultColumns; _accumulateRows: boolean; callback: unknown };
    const result = self._result;
    const kept = this.columns.get(self.name);
    if (kept && sameColumns(kept.fields, message.fields)) {
      result.fields = message.fields;
      result._parsers = kept.parsers;
      result._prebuiltEmptyResultObject = kept.emptyRow;
    } else {
      result.addFields(message.fields);
      this.columns.set(self.name, { fields: message.fields, parsers: result._parsers, emptyRow: result._prebuiltEmptyResultObject });
    }
    // As pg's own: rows are kept for the callback.
    self._accumulateRows = true;
  }
}

function sameColumns(kept: Columns["fields"], described: Columns["fields"]): boolean {
  if (kept.length !== described.length) return false;
  for (let index = 0; index < kept.length; index++) {
    const a = kept[index]!;
    const b = described[index]!;
    if (a.name !== b.name || a.dataTypeID !== b.dataTypeID || a.format !== b.format) return false;
  }
  return true;
}
