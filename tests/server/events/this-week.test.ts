import { loadThisWeekEvents } from "../../../server/events/this-week";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { seedEventFixtures, XSS_TITLE } from "./event-fixtures";

describe("the home page's this-week events", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    await seedEventFixtures(database.db);
  });
  afterAll(() => database.dispose());

  it("lists each event on in the next seven days once, at its next start", async () => {
    const events = await loadThisWeekEvents(database.db, new Date("2026-07-04T12:00:00.000Z"), 10);
    expect(events).toEqual([
      {
        title: "Hamlet",
        url: "/whats-on/hamlet/",
        startIso: "2026-07-04T19:30:00+01:00",
        startLabel: "Sat 4 Jul, 7.30pm",
        venue: "Main House",
        accessType: "Captioned",
      },
    ]);
    const earlier = await loadThisWeekEvents(database.db, new Date("2026-06-30T00:00:00.000Z"), 10);
    expect(earlier.map((event) => event.title)).toEqual([XSS_TITLE, "Hamlet"]);
  });

  it("stops at the limit and leaves out what starts more than a week away", async () => {
    expect(await loadThisWeekEvents(database.db, new Date("2026-06-30T00:00:00.000Z"), 1)).toHaveLength(1);
    expect(await loadThisWeekEvents(database.db, new Date("2026-06-20T00:00:00.000Z"), 10)).toEqual([]);
  });
});
