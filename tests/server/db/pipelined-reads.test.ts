import net from "node:net";
import { sql } from "kysely";
import { postgresConnectionSettings } from "../../../server/db/database";
import { PipelinedReads } from "../../../server/db/pipelined-reads";
import { isDatabaseUnavailable } from "../../../server/db/unavailable";
import { createTestDatabase, postgresAdminUrl, type TestDatabase } from "../support/databases";

/*
 * Hot reads on PostgreSQL share a connection and a write per turn of the
 * event loop (server/db/pipelined-reads.ts, issue 27).
 */
describe.runIf(postgresAdminUrl())("pipelined reads on PostgreSQL (issue 27)", () => {
  let database: TestDatabase;
  let reads: PipelinedReads;
  const errors: Error[] = [];
  let errorSeen: () => void = () => undefined;

  const backend = () => reads.query<{ pid: number }>("test_backend_pid", "select pg_backend_pid() as pid", []).then(([row]) => row!.pid);
  const quotient = (divisor: number) =>
    reads.query<{ q: number }>("test_quotient", "select 12 / $1::int as q", [divisor]).then(([row]) => row!.q);
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  beforeAll(async () => {
    database = await createTestDatabase("postgres", { migrate: false });
    reads = new PipelinedReads(postgresConnectionSettings(database.url), (error) => {
      errors.push(error);
      errorSeen();
    });
    // Both connections open, and the statements prepared on each.
    await Promise.all([backend(), quotient(1)]);
    await nextTurn();
    await Promise.all([backend(), quotient(1)]);
  });
  afterAll(async () => {
    await reads.end();
    await database.dispose();
  });

  it("sends the reads started in one turn down one connection, in one socket write", async () => {
    const toPostgres = (socket: net.Socket) => socket.remotePort === Number(new URL(database.url).port || 5432);
    const seen: number[] = [];
    const original = {
      writev: (net.Socket.prototype as unknown as { _writev: (...args: unknown[]) => void })._writev,
      write: (net.Socket.prototype as unknown as { _write: (...args: unknown[]) => void })._write,
    };
    const prototype = net.Socket.prototype as unknown as Record<"_writev" | "_write", (...args: unknown[]) => void>;
    prototype._writev = function (this: net.Socket, ...args: unknown[]) {
      if (toPostgres(this)) seen.push(1);
      return original.writev.apply(this, args);
    };
    prototype._write = function (this: net.Socket, ...args: unknown[]) {
      if (toPostgres(this)) seen.push(1);
      return original.write.apply(this, args);
    };
    try {
      const pids = await Promise.all([backend(), backend(), backend(), quotient(2), quotient(3), backend()]);
      expect(new Set([pids[0], pids[1], pids[2], pids[5]]).size).toBe(1);
      expect(pids.slice(3, 5)).toEqual([6, 4]);
      expect(seen).toHaveLength(1);
    } finally {
      prototype._writev = original.writev;
      prototype._write = original.write;
    }
  });

  it("takes turns between its connections, so PostgreSQL can run two turns' reads at once", async () => {
    const first = await Promise.all([backend(), backend()]);
    await nextTurn();
    const second = await Promise.all([backend(), backend()]);
    expect(first[0]).toBe(first[1]);
    expect(second[0]).toBe(second[1]);
    expect(second[0]).not.toBe(first[0]);
  });

  it("fails only the read that failed, not the others sent with it", async () => {
    const outcomes = await Promise.allSettled([quotient(3), quotient(0), quotient(4)]);
    expect(outcomes[0]).toEqual({ status: "fulfilled", value: 4 });
    expect(outcomes[1]).toMatchObject({ status: "rejected", reason: { code: "22012" } });
    expect(outcomes[2]).toEqual({ status: "fulfilled", value: 3 });
  });

  it("opens a new connection in place of one the server closed, and reports the loss", async () => {
    const killed = await backend();
    const reported = new Promise<void>((resolve) => (errorSeen = resolve));
    await sql`select pg_terminate_backend(${killed})`.execute(database.db);
    await reported;
    expect(errors.length).toBeGreaterThan(0);
    const after = [await backend()];
    await nextTurn();
    after.push(await backend());
    expect(after).not.toContain(killed);
    expect(await quotient(6)).toBe(2);
  });

  it("fails a read with the database's unavailable error (a 503) when no server answers", async () => {
    const nowhere = new URL(database.url);
    nowhere.port = "1";
    const unreachable = new PipelinedReads({ ...postgresConnectionSettings(nowhere.href), connectionTimeoutMillis: 2_000 }, () => undefined);
    try {
      const failure = await unreachable.query("test_one", "select 1 as one", []).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      await unreachable.end();
    }
  });

  it("parses each statement's rows by its own columns, read after read: a bigint as a number, a null as null", async () => {
    const counts = () =>
      reads.query<{ n: number; label: string | null }>("test_counts", "select count(*) as n, null::text as label from generate_series(1, $1::int)", [3]);
    const stamps = () => reads.query<{ at: Date; n: string }>("test_stamps", "select timestamptz '2026-11-30 12:00:00+00' as at, 'x' || $1::text as n", ["y"]);
    for (let round = 0; round < 3; round++) {
      const [first, second] = await Promise.all([counts(), stamps()]);
      expect(first).toEqual([{ n: 3, label: null }]);
      expect(second).toEqual([{ at: new Date("2026-11-30T12:00:00Z"), n: "xy" }]);
      await nextTurn();
    }
  });
});
