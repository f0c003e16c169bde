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
});
