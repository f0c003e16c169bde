import { Migrator, type Kysely } from "kysely";
import { checkCredentials } from "../../../server/accounts/login";
import { CRM_IDS } from "../../../server/crm/crm-ids";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import { LoginThrottle } from "../../../server/accounts/login-throttle";
import { PasswordHasher } from "../../../server/accounts/password-hasher";
import { hashPassword } from "../../../server/accounts/password-hashing";
import type { Database } from "../../../server/db/schema";
import { FolderMigrationProvider } from "../../../server/db/migrator";
import { InProcessRateLimiter } from "../../../server/rate-limit/rate-limit";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";

/*
 * Migration 0026 moves a person's credentials off the CRM's constituents
 * table into accounts' account_credentials: someone who signed up before it
 * still signs in after it with the same password, a changed password's
 * auth_version and a verified address come through, a person with none gets
 * no row, and constituents keeps no credential column. Down puts them back.
 */
describe.each(databaseEngines)("migration 0026_account_credentials on %s", (engine) => {
  let database: TestDatabase;
  let db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema before and after differs
  let migrator: Migrator;
  const now = "2026-11-01T00:00:00.000Z";
  const person = (id: number, email: string, credentials: Record<string, unknown>) => ({
    id,
    email,
    first_name: "Ada",
    last_name: "Lovelace",
    created_at: now,
    updated_at: now,
    password_hash: null,
    auth_version: 1,
    email_verified_at: null,
    ...credentials,
  });

  beforeAll(async () => {
    database = await createTestDatabase(engine, { migrate: false });
    db = database.db;
    migrator = new Migrator({ db, provider: new FolderMigrationProvider() });
    const before = await migrator.migrateTo("0025_booking_and_media");
    if (before.error) throw before.error;
    const hash = await hashPassword("Before-the-move-1!", { N: 1024, r: 8, p: 1 });
    await db
      .insertInto("constituents")
      .values([
        person(1, "ada@example.com", { password_hash: hash, auth_version: 3, email_verified_at: now }),
        person(2, "staff-made@example.com", {}),
        person(3, "unverified@example.com", { password_hash: hash }),
      ])
      .execute();
    await db.insertInto("constituents").values({ id: 4, kind: "organisation", first_name: "", last_name: "Oakfield School", created_at: now, updated_at: now }).execute();
    const up = await migrator.migrateTo("0026_account_credentials");
    if (up.error) throw up.error;
  });
  afterAll(() => database.dispose());

  it("copies each person's credentials, keyed by their id, and none for a person or organisation without any", async () => {
    const rows = await db.selectFrom("account_credentials").selectAll().orderBy("constituent_id").execute();
    expect(rows).toEqual([
      { constituent_id: 1, password_hash: expect.stringMatching(/^scrypt\$/), auth_version: 3, email_verified_at: now },
      { constituent_id: 3, password_hash: expect.stringMatching(/^scrypt\$/), auth_version: 1, email_verified_at: null },
    ]);
    const columns = Object.keys(await db.selectFrom("constituents").selectAll().where("id", "=", 1).executeTakeFirstOrThrow());
    expect(columns).not.toContain("password_hash");
    expect(columns).not.toContain("auth_version");
    expect(columns).not.toContain("email_verified_at");
  });

  it("still signs in a person who signed up before the move, with the same password and version", async () => {
    const hasher = new PasswordHasher({ parameters: { N: 1024, r: 8, p: 1 } });
    const deps = { db: db as Kysely<Database>, crm: createSqlCrm(db as Kysely<Database>, CRM_IDS.test), hasher, throttle: new LoginThrottle(db as Kysely<Database>, new InProcessRateLimiter()) };
    const outcome = await checkCredentials(deps, { email: "ada@example.com", address: "203.0.113.1", password: "Before-the-move-1!" });
    expect(outcome).toEqual({ kind: "signed-in", constituent: expect.objectContaining({ id: 1, auth_version: 3 }) });
    const staffMade = await checkCredentials(deps, { email: "staff-made@example.com", address: "203.0.113.1", password: "Before-the-move-1!" });
    expect(staffMade).toEqual({ kind: "refused" });
  });

  it("puts the credentials back on constituents when rolled back", async () => {
    const down = await migrator.migrateTo("0025_booking_and_media");
    if (down.error) throw down.error;
    const rows = await db.selectFrom("constituents").select(["id", "password_hash", "auth_version", "email_verified_at"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: 1, password_hash: expect.stringMatching(/^scrypt\$/), auth_version: 3, email_verified_at: now },
      { id: 2, password_hash: null, auth_version: 1, email_verified_at: null },
      { id: 3, password_hash: expect.stringMatching(/^scrypt\$/), auth_version: 1, email_verified_at: null },
      { id: 4, password_hash: null, auth_version: 1, email_verified_at: null },
    ]);
    const up = await migrator.migrateTo("0026_account_credentials");
    if (up.error) throw up.error;
  });
});
