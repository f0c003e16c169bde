import { Migrator, sql, type Kysely } from "kysely";
import { FolderMigrationProvider, migrateToLatest } from "../../../server/db/migrator";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";

/*
 * Migration 0011 makes organisations constituents too. On SQLite that means
 * rebuilding the constituents table, which other tables reference: the people,
 * their memberships and reset tokens must all come through, still linked.
 */
describe.each(databaseEngines)("migration 0011_crm on %s", (engine) => {
  let database: TestDatabase;
  let db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema before and after differs
  const now = "2026-11-01T00:00:00.000Z";

  beforeAll(async () => {
    database = await createTestDatabase(engine, { migrate: false });
    db = database.db;
    const migrator = new Migrator({ db, provider: new FolderMigrationProvider() });
    const { error } = await migrator.migrateTo("0010_resource_listing_version");
    if (error) throw error;
    await db
      .insertInto("constituents")
      .values({ id: 7, email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", created_at: now, updated_at: now, password_hash: "x" })
      .execute();
    await db.insertInto("memberships").values({ constituent_id: 7, membership_level_id: 95, starts_at: now, expires_at: now }).execute();
    await db
      .insertInto("password_reset_tokens")
      .values({ constituent_id: 7, token_hash: "h", created_at: now, expires_at: now })
      .execute();
    await migrateToLatest(db);
  });
  afterAll(() => database.dispose());

  it("keeps every person as an individual, with their password, version and linked rows", async () => {
    const person = await db.selectFrom("constituents").selectAll().where("id", "=", 7).executeTakeFirstOrThrow();
    expect(person).toMatchObject({ kind: "individual", email: "ada@example.com" });
    // Her password has moved on since, to accounts' own table (migration 0026).
    expect(await db.selectFrom("account_credentials").selectAll().execute()).toEqual([
      { constituent_id: 7, password_hash: "x", auth_version: 1, email_verified_at: null },
    ]);
    expect(await db.selectFrom("memberships").select("constituent_id").execute()).toEqual([{ constituent_id: 7 }]);
    expect(await db.selectFrom("password_reset_tokens").select("constituent_id").execute()).toEqual([{ constituent_id: 7 }]);
  });

  it("takes an organisation without an email, but never a person without one", async () => {
    await db.insertInto("constituents").values({ kind: "organisation", first_name: "", last_name: "Oakfield Primary School", created_at: now, updated_at: now }).execute();
    await expect(
      db.insertInto("constituents").values({ kind: "individual", first_name: "No", last_name: "Email", created_at: now, updated_at: now }).execute(),
    ).rejects.toThrow();
    await expect(
      db.insertInto("constituents").values({ kind: "club", email: "c@example.com", first_name: "", last_name: "C", created_at: now, updated_at: now }).execute(),
    ).rejects.toThrow();
  });

  it("still enforces the CRM's own references to constituents, and cascades deletes to them", async () => {
    await expect(
      db.insertInto("memberships").values({ constituent_id: 999, membership_level_id: 95, starts_at: now, expires_at: now }).execute(),
    ).rejects.toThrow();
    await db.deleteFrom("constituents").where("id", "=", 7).execute();
    expect(await db.selectFrom("memberships").selectAll().execute()).toEqual([]);
    // The site's own tables keep the id as the CRM's opaque number since migration 0043 (site-tables-crm-ids-migration.test.ts).
    expect(await db.selectFrom("password_reset_tokens").select("constituent_id").execute()).toEqual([{ constituent_id: 7 }]);
  });
});

describe("migration 0011_crm on SQLite", () => {
  it("switches foreign keys back on after rebuilding constituents", async () => {
    const database = await createTestDatabase("sqlite");
    try {
      const [row] = (await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(database.db)).rows;
      expect(row?.foreign_keys).toBe(1);
    } finally {
      await database.dispose();
    }
  });
});
