import { contentVersionReader, type ContentVersionName } from "../../../server/cache/content-versions";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { seedPageCacheFixtures } from "../http/page-cache-support";

describe.each(databaseEngines)("content versions (migration 0018) on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedPageCacheFixtures(database.db);
  });
  afterAll(() => database.dispose());

  const versions = async () => {
    const read = (name: ContentVersionName) => contentVersionReader(database.db, name)();
    return { events: await read("events"), pages: await read("pages"), site: await read("site") };
  };

  it("moves the events and site counters on an event write, the pages and site counters on a page write, the site's on a resource write", async () => {
    const before = await versions();
    await database.db.updateTable("event_instances").set({ ends_at: "2026-07-04T23:00:00.000Z" }).where("id", "=", 1).execute();
    const afterEvent = await versions();
    expect(afterEvent.events).toBeGreaterThan(before.events);
    expect(afterEvent.site).toBeGreaterThan(before.site);
    expect(afterEvent.pages).toBe(before.pages);

    await database.db.updateTable("pages").set({ title: "About us (new)" }).where("slug", "=", "about-us").execute();
    const afterPage = await versions();
    expect(afterPage.pages).toBeGreaterThan(afterEvent.pages);
    expect(afterPage.site).toBeGreaterThan(afterEvent.site);
    expect(afterPage.events).toBe(afterEvent.events);

    await database.db.updateTable("resources").set({ title: "Renamed" }).where("slug", "=", "macbeth-essay").execute();
    const afterResource = await versions();
    expect(afterResource.site).toBeGreaterThan(afterPage.site);
    expect(afterResource).toMatchObject({ events: afterPage.events, pages: afterPage.pages });
  });

  it("gives each change to a reader made once, as soon as the write returns", async () => {
    const read = contentVersionReader(database.db, "events");
    const first = await read();
    await database.db.updateTable("event_instances").set({ ends_at: "2026-07-04T22:00:00.000Z" }).where("id", "=", 1).execute();
    const second = await read();
    expect(second).toBeGreaterThan(first);
    await database.db.updateTable("event_instances").set({ ends_at: "2026-07-04T21:00:00.000Z" }).where("id", "=", 1).execute();
    expect(await read()).toBeGreaterThan(second);
  });

  // On SQLite the reader runs on the one connection a transaction also uses: it must not see the transaction's
  // uncommitted bump, or an answer computed after a rollback would be kept under a version a later change reuses.
  it("never reads a bump that an open transaction has not committed", async () => {
    const read = contentVersionReader(database.db, "events");
    const before = await read();
    let duringTransaction: Promise<number> | undefined;
    const rolledBack = new Error("rolled back on purpose");
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.updateTable("event_instances").set({ ends_at: "2026-07-04T20:00:00.000Z" }).where("id", "=", 1).execute();
        duringTransaction = read();
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(await duringTransaction).toBe(before);
    expect(await read()).toBe(before);
  });
});
