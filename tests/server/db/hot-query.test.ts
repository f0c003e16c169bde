import { postgresPoolOf, postgresReadsOf } from "../../../server/db/database";
import { hotQuery } from "../../../server/db/hot-query";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";

describe.each(databaseEngines)("a hot query, compiled once per shape, on %s (issue 27)", (engine) => {
  let database: TestDatabase;
  let builds = 0;
  const sessionsOf = hotQuery((db, prefix: string, sids: readonly string[], after: number) => {
    builds += 1;
    return db
      .selectFrom("sessions")
      .select(["sid", "expires_at"])
      .where("sid", "like", prefix)
      .where("sid", "in", sids)
      .where("expires_at", ">", after)
      // A value the query names itself stays as compiled.
      .where("sess", "!=", "never")
      .orderBy("sid");
  });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const rows = ["a1", "a2", "a3", "b1"].map((sid, index) => ({ sid, sess: "{}", expires_at: 1000 + index, created_at: 0 }));
    await database.db.insertInto("sessions").values(rows).execute();
  });
  afterAll(() => database.dispose());

  it("answers as the query built afresh does, with each call's own values, building once per list length", async () => {
    expect(await sessionsOf(database.db, "a%", ["a1", "a3"], 0)).toEqual([
      { sid: "a1", expires_at: 1000 },
      { sid: "a3", expires_at: 1002 },
    ]);
    expect(await sessionsOf(database.db, "a%", ["a2", "b1"], 1000)).toEqual([{ sid: "a2", expires_at: 1001 }]);
    expect(await sessionsOf(database.db, "b%", ["a2", "b1"], 0)).toEqual([{ sid: "b1", expires_at: 1003 }]);
    expect(builds).toBe(1);
    expect(await sessionsOf(database.db, "%", ["a1", "a2", "b1"], 1000)).toEqual([
      { sid: "a2", expires_at: 1001 },
      { sid: "b1", expires_at: 1003 },
    ]);
    expect(builds).toBe(2);
  });

  it("runs inside a transaction, seeing its writes", async () => {
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto("sessions").values({ sid: "a9", sess: "{}", expires_at: 5000, created_at: 0 }).execute();
      expect(await sessionsOf(trx, "a%", ["a9", "a1"], 2000)).toEqual([{ sid: "a9", expires_at: 5000 }]);
      await trx.deleteFrom("sessions").where("sid", "=", "a9").execute();
    });
  });

  it("outside a transaction never sees another's uncommitted rows: it waits for that transaction to end", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedBefore = new Promise<void>((resolve) => (inserted = resolve));
    const rolledBack = database.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("sessions").values({ sid: "a8", sess: "{}", expires_at: 5000, created_at: 0 }).execute();
        inserted();
        await held;
        throw new Error("rolled back");
      })
      .catch((error: Error) => error.message);
    await insertedBefore;
    const read = sessionsOf(database.db, "a%", ["a8"], 0);
    release();
    expect(await read).toEqual([]);
    expect(await rolledBack).toBe("rolled back");
  });

  it(
    engine === "sqlite"
      ? "runs on the SQLite connection itself, not through Kysely's driver, when no transaction is open"
      : "reads down the pipelined connections as a named prepared statement, not through Kysely's driver or the pool, when not in a transaction",
    async () => {
      const throughKysely = vi.spyOn(database.db, "executeQuery");
      const pool = postgresPoolOf(database.db);
      const onPool = pool ? vi.spyOn(pool, "query") : undefined;
      const reads = postgresReadsOf(database.db);
      const pipelined = reads ? vi.spyOn(reads, "query") : undefined;
      try {
        expect(await sessionsOf(database.db, "b%", ["b1"], 0)).toEqual([{ sid: "b1", expires_at: 1003 }]);
        expect(await sessionsOf(database.db, "a%", ["a1"], 0)).toEqual([{ sid: "a1", expires_at: 1000 }]);
        expect(throughKysely).toHaveBeenCalledTimes(0);
        if (pipelined) {
          expect(onPool).toHaveBeenCalledTimes(0);
          // Both calls name the same statement, which each connection prepares once.
          const names = pipelined.mock.calls.map(([name]) => name);
          expect(names).toHaveLength(2);
          expect(names[0]).toMatch(/^hot_query_\d+$/);
          expect(names[1]).toBe(names[0]);
        }
      } finally {
        throughKysely.mockRestore();
        onPool?.mockRestore();
        pipelined?.mockRestore();
      }
    },
  );

  if (engine === "postgres") it("writes on the pool, never down the pipelined connections", async () => {
    const touch = hotQuery((db, sid: string, expiresAt: number) => db.updateTable("sessions").set({ expires_at: expiresAt }).where("sid", "=", sid));
    const pool = postgresPoolOf(database.db)!;
    const onPool = vi.spyOn(pool, "query");
    const pipelined = vi.spyOn(postgresReadsOf(database.db)!, "query");
    try {
      await touch(database.db, "a2", 1001);
      expect(onPool).toHaveBeenCalledTimes(1);
      expect(pipelined).toHaveBeenCalledTimes(0);
    } finally {
      onPool.mockRestore();
      pipelined.mockRestore();
    }
  });
});
