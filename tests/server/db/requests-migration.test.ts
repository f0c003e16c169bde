import { Migrator, type Kysely } from "kysely";
import { FolderMigrationProvider } from "../../../server/db/migrator";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";

/*
 * Migration 0030 makes the requests inbox and moves the contact form's
 * messages into it (issue 28, docs/requests.md): each arrives as a closed
 * contact request (they were mailed to staff and answered from there), the
 * sender's id kept, and contact_messages goes. Down puts them back.
 */
describe.each(databaseEngines)("migration 0030_requests on %s", (engine) => {
  let database: TestDatabase;
  let db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema before and after differs
  let migrator: Migrator;
  const sentAt = "2026-10-01T09:30:00.000Z";

  beforeAll(async () => {
    database = await createTestDatabase(engine, { migrate: false });
    db = database.db;
    migrator = new Migrator({ db, provider: new FolderMigrationProvider() });
    const before = await migrator.migrateTo("0027_school_register_refresh");
    if (before.error) throw before.error;
    await db.insertInto("constituents").values({ id: 1, email: "ada@example.com", first_name: "Ada", last_name: "Lovelace", created_at: sentAt, updated_at: sentAt }).execute();
    await db
      .insertInto("contact_messages")
      .values([
        { constituent_id: 1, name: "Ada Lovelace", email: "ada@example.com", subject: "School visits", message: "Can we book a tour?\nThanks", created_at: sentAt },
        { constituent_id: null, name: "Former member", email: "gone@example.com", subject: "General enquiry", message: "Hello", created_at: sentAt },
      ])
      .execute();
    const up = await migrator.migrateTo("0030_requests");
    if (up.error) throw up.error;
  });
  afterAll(() => database.dispose());

  it("moves each contact message into requests, closed, and drops contact_messages", async () => {
    const rows = await db.selectFrom("requests").selectAll().orderBy("id").execute();
    expect(rows).toEqual([
      expect.objectContaining({ kind: "contact", status: "closed", person_id: 1, name: "Ada Lovelace", email: "ada@example.com", subject: "School visits", message: "Can we book a tour?\nThanks", details: "{}", created_at: sentAt, closed_at: sentAt, school_id: null, outcome: null }),
      expect.objectContaining({ kind: "contact", status: "closed", person_id: null, email: "gone@example.com" }),
    ]);
    await expect(db.selectFrom("contact_messages").selectAll().execute()).rejects.toThrow();
  });

  it("keeps answers with their request: deleting a request deletes its answers", async () => {
    const request = await db.selectFrom("requests").select("id").orderBy("id").executeTakeFirstOrThrow();
    await db.insertInto("request_answers").values({ request_id: request.id, author_name: "The learning team", body: "Yes", sent_to: "ada@example.com", created_at: sentAt }).execute();
    expect(await db.selectFrom("request_answers").select("id").execute()).toHaveLength(1);
    await db.deleteFrom("requests").where("id", "=", request.id).execute();
    expect(await db.selectFrom("request_answers").select("id").execute()).toEqual([]);
  });

  it("puts the contact messages back when rolled back", async () => {
    const down = await migrator.migrateTo("0027_school_register_refresh");
    if (down.error) throw down.error;
    expect(await db.selectFrom("contact_messages").select(["constituent_id", "email", "subject"]).orderBy("id").execute()).toEqual([
      { constituent_id: null, email: "gone@example.com", subject: "General enquiry" },
    ]);
    const up = await migrator.migrateTo("0030_requests");
    if (up.error) throw up.error;
  });
});
