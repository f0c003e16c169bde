import { sql } from "kysely";
import { createDatabase } from "../../../server/db/database";
import { migrateToLatest } from "../../../server/db/migrator";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";

describe.each(databaseEngines)("the database on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.dispose());

  it("reports its dialect", () => {
    expect(database.handle.dialect).toBe(engine);
  });

  it("returns bigint columns and counts as JS numbers", async () => {
    const expiresAt = Date.UTC(2030, 0, 1);
    await database.db.insertInto("sessions").values({ sid: "n", sess: "{}", expires_at: expiresAt, created_at: 1 }).execute();
    const row = await database.db
      .selectFrom("sessions")
      .select(["expires_at", (eb) => eb.fn.countAll().as("count")])
      .groupBy("expires_at")
      .executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(expiresAt);
    expect(row.count).toBe(1);
  });

  it("has migrated the sessions table, and migrating again changes nothing", async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
    const tables = await database.db.introspection.getTables();
    const sessions = tables.find((table) => table.name === "sessions");
    expect(sessions?.columns.map((column) => column.name).sort()).toEqual(["created_at", "expires_at", "sess", "sid"]);
  });

  it("closes its connection even if it never ran a query", async () => {
    const unused = createDatabase(database.url);
    await unused.close();
    await expect(sql`select 1`.execute(unused.db)).rejects.toThrow();
  });
});

describe("SQLite settings", () => {
  it("uses WAL and enforces foreign keys", async () => {
    const database = await createTestDatabase("sqlite", { migrate: false });
    try {
      const [journal] = (await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db)).rows;
      const [foreignKeys] = (await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(database.db)).rows;
      expect(journal?.journal_mode).toBe("wal");
      expect(foreignKeys?.foreign_keys).toBe(1);
    } finally {
      await database.dispose();
    }
  });
});
