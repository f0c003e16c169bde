import { findEventBySlug, findInstanceOfEvent, findInstancesEndingAfter, loadTaxonomyTerms } from "../../../server/events/event-repository";
import type { InstanceFilters } from "../../../server/events/instance-query";
import { findInstancesStartingIn } from "../../../server/events/instance-repository";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { seedEventFixtures, XSS_TITLE } from "./event-fixtures";

describe.each(databaseEngines)("event repositories on %s", (engine) => {
  let database: TestDatabase;
  let muchAdoId: number;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedEventFixtures(database.db);
    muchAdoId = (await database.db.selectFrom("events").select("id").where("slug", "=", "much-ado").executeTakeFirstOrThrow()).id;
    // Two instances starting together: the title decides their order.
    await database.db
      .insertInto("event_instances")
      .values({ event_id: muchAdoId, starts_at: "2026-12-05T14:30:00.000Z", ends_at: "2026-12-05T16:30:00.000Z" })
      .execute();
  });
  afterAll(() => database.dispose());

  const titlesIn = async (from: string, before: string, filters: InstanceFilters = { terms: {} }) =>
    (await findInstancesStartingIn(database.db, { from, before }, filters)).map((row) => row.event_title);

  describe("findInstancesStartingIn", () => {
    it("includes starts at the lower bound and leaves out starts at the upper bound", async () => {
      expect(await titlesIn("2026-07-04T09:00:00.000Z", "2026-07-04T18:30:00.000Z")).toEqual([XSS_TITLE]);
      expect(await titlesIn("2026-07-04T09:00:00.001Z", "2026-07-04T18:30:00.001Z")).toEqual(["Hamlet"]);
    });

    it("sorts by start, then title", async () => {
      expect(await titlesIn("2026-12-05T00:00:00.000Z", "2026-12-06T00:00:00.000Z")).toEqual([
        "Much Ado: 50% off_night",
        "Twelfth Night",
        "Much Ado: 50% off_night",
      ]);
    });

    it("returns each instance with its event's slug, venue and access type in one row", async () => {
      const [row] = await findInstancesStartingIn(database.db, { from: "2026-07-04T09:00:00.000Z", before: "2026-07-04T10:00:00.000Z" }, { terms: {} });
      expect(row).toMatchObject({
        starts_at: "2026-07-04T09:00:00.000Z",
        ends_at: "2026-07-04T10:30:00.000Z",
        event_slug: "xss-workshop",
        venue_slug: "the-studio",
        venue_label: "The Studio & Bar",
        access_type_slug: "relaxed",
        access_type_label: "Relaxed performance",
      });
    });

    it("applies every filter together; several slugs of one taxonomy match any of them", async () => {
      const year = ["2026-01-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"] as const;
      expect(await titlesIn(...year, { terms: { genre: ["comedy"], venue: ["main-house"] } })).toEqual(Array(4).fill("Much Ado: 50% off_night"));
      expect(new Set(await titlesIn(...year, { terms: { venue: ["main-house", "the-studio"], season: ["summer"] } }))).toEqual(new Set(["Hamlet", XSS_TITLE]));
      expect(await titlesIn(...year, { eventTitle: "NIGHT", terms: { venue: ["the-studio"] } })).toEqual(["Twelfth Night", "Twelfth Night"]);
      expect(await titlesIn(...year, { terms: { series: ["no-such-series"] } })).toEqual([]);
    });
  });

  it("lists each taxonomy's terms in their given order", async () => {
    const terms = await loadTaxonomyTerms(database.db);
    expect(terms.venue).toEqual([
      { slug: "main-house", label: "Main House" },
      { slug: "the-studio", label: "The Studio & Bar" },
    ]);
    expect(Object.keys(terms)).toEqual(["event_type", "genre", "season", "series", "venue", "access_type"]);
  });

  it("finds an event by slug with its terms, and nothing for an unknown slug", async () => {
    const hamlet = await findEventBySlug(database.db, "hamlet");
    expect(hamlet?.terms).toEqual({
      event_type: { slug: "performance", label: "Performance" },
      genre: { slug: "tragedy", label: "Tragedy" },
      season: { slug: "summer", label: "Summer season" },
      series: { slug: "schools", label: "Shakespeare for Schools" },
      venue: { slug: "main-house", label: "Main House" },
      access_type: { slug: "captioned", label: "Captioned" },
    });
    expect((await findEventBySlug(database.db, "much-ado"))?.terms.access_type).toBeUndefined();
    expect(await findEventBySlug(database.db, "no-such-event")).toBeUndefined();
  });

  it("lists instances that end after a moment, soonest first", async () => {
    const hamlet = (await findEventBySlug(database.db, "hamlet"))!;
    // 19:30 BST on 4 July runs until 22:00 BST (21:00 UTC).
    const during = await findInstancesEndingAfter(database.db, hamlet.id, "2026-07-04T20:00:00.000Z");
    expect(during.map((instance) => instance.starts_at)).toEqual(["2026-07-04T18:30:00.000Z", "2026-07-04T23:30:00.000Z", "2026-07-06T13:00:00.000Z"]);
    expect(await findInstancesEndingAfter(database.db, hamlet.id, "2026-08-01T00:00:00.000Z")).toEqual([]);
  });

  it("finds an instance only under its own event", async () => {
    const hamlet = (await findEventBySlug(database.db, "hamlet"))!;
    const [instance] = await findInstancesEndingAfter(database.db, hamlet.id, "2026-01-01T00:00:00.000Z");
    expect(await findInstanceOfEvent(database.db, hamlet.id, instance!.id)).toEqual(instance);
    expect(await findInstanceOfEvent(database.db, muchAdoId, instance!.id)).toBeUndefined();
  });
});
