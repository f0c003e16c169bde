import { Migrator, sql, type Kysely } from "kysely";
import { FolderMigrationProvider } from "../../../server/db/migrator";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";

/*
 * Migration 0042: the site's own tables keep a constituent's id as the CRM's
 * opaque number (a Tessitura id is in no embedded-CRM table), on both
 * engines; their rows and indexes come through; the embedded CRM's own
 * tables keep their references; and down puts the references back.
 */
describe.each(databaseEngines)("migration 0043_site_tables_keep_crm_ids on %s", (engine) => {
  let database: TestDatabase;
  let db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema before and after differs
  let migrator: Migrator;
  const now = "2026-11-29T00:00:00.000Z";
  /** An id no embedded-CRM constituent has, as Tessitura mints them. */
  const tessituraId = 5_000_123;

  beforeAll(async () => {
    database = await createTestDatabase(engine, { migrate: false });
    db = database.db;
    migrator = new Migrator({ db, provider: new FolderMigrationProvider() });
    const { error } = await migrator.migrateTo("0041_tessitura_memberships");
    if (error) throw error;
    const { id } = await db
      .insertInto("constituents")
      .values({ kind: "individual", email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("account_credentials").values({ constituent_id: id, password_hash: "x" }).execute();
    await db.insertInto("email_verification_tokens").values({ constituent_id: id, token_hash: "h1", email: "ada@example.com", created_at: now, expires_at: now }).execute();
  });
  afterAll(() => database.dispose());

  it("takes a sign-up's credentials and a register school for ids only the CRM knows, keeping every row and unique index", async () => {
    await expect(db.insertInto("account_credentials").values({ constituent_id: tessituraId, password_hash: "y" }).execute()).rejects.toThrow();
    const { error } = await migrator.migrateTo("0043_site_tables_keep_crm_ids");
    if (error) throw error;

    await db.insertInto("account_credentials").values({ constituent_id: tessituraId, password_hash: "y" }).execute();
    await db.insertInto("schools").values({ constituent_id: tessituraId + 1, urn: "9000003", kind: "state", name: "Hillcrest High School", updated_at: now }).execute();
    await db.insertInto("email_verification_tokens").values({ constituent_id: tessituraId, token_hash: "h2", email: "nia@hillcrest.sch.uk", created_at: now, expires_at: now }).execute();
    expect(await db.selectFrom("account_credentials").select(["constituent_id", "password_hash"]).orderBy("constituent_id").execute()).toEqual([
      { constituent_id: expect.any(Number), password_hash: "x" },
      { constituent_id: tessituraId, password_hash: "y" },
    ]);
    // The unique constraints came through the SQLite rebuild.
    await expect(db.insertInto("email_verification_tokens").values({ constituent_id: tessituraId, token_hash: "h2", email: "x", created_at: now, expires_at: now }).execute()).rejects.toThrow();
    await expect(db.insertInto("schools").values({ constituent_id: tessituraId + 2, urn: "9000003", kind: "state", name: "Twin", updated_at: now }).execute()).rejects.toThrow();
    // The embedded CRM's own tables still refuse an unknown constituent.
    await expect(db.insertInto("memberships").values({ constituent_id: tessituraId, membership_level_id: 95, starts_at: now, expires_at: now }).execute()).rejects.toThrow();
    if (engine === "sqlite") {
      const [row] = (await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows;
      expect(row?.foreign_keys).toBe(1);
    }
  });

  it("down puts the references back", async () => {
    await db.deleteFrom("account_credentials").where("constituent_id", "=", tessituraId).execute();
    await db.deleteFrom("email_verification_tokens").where("constituent_id", "=", tessituraId).execute();
    await db.deleteFrom("schools").execute();
    const { error } = await migrator.migrateDown();
    if (error) throw error;
    await expect(db.insertInto("account_credentials").values({ constituent_id: tessituraId, password_hash: "y" }).execute()).rejects.toThrow();
    expect(await db.selectFrom("account_credentials").select("password_hash").execute()).toEqual([{ password_hash: "x" }]);
  });
});
