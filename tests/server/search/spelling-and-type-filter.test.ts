import { createEventsService } from "../../../server/events/events-service";
import { createSiteSearch } from "../../../server/search/create-site-search";
import type { SiteSearch } from "../../../server/search/search-port";
import { loadSearchPage, type SearchPageSources } from "../../../server/search/search-page-service";
import { searchTermsOf } from "../../../server/search/search-terms";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { contentWriter } from "./search-content";

/*
 * The results page's "Did you mean" (a spelling correction from the indexed
 * titles) and its type filter with counts, the same on both engines
 * (PostgreSQL when DATABASE_URL_TEST is set).
 */

const NOW = new Date("2026-11-27T12:00:00.000Z");

describe.each(databaseEngines)("results page search on %s", (engine) => {
  let database: TestDatabase;
  let search: SiteSearch;
  let sources: SearchPageSources;
  let macbethId: number;
  const page = (text: string, extra: { page?: number; kind?: "event" | "resource" | "page" } = {}) =>
    loadSearchPage(sources, { text, terms: searchTermsOf(text), page: extra.page ?? 1, kind: extra.kind });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    search = createSiteSearch(database.handle);
    const events = createEventsService(database.db);
    sources = { siteSearch: search, nextEventStarts: events.nextStarts, now: () => NOW };
    const content = contentWriter(database.db);
    await content.addResource({ title: "Macbeth: the witches", summary: "Three witches.", body_html: "<p>Thunder.</p>" });
    await content.addResource({ title: "Macbeth: a teachers' guide", summary: "Lessons.", body_html: "<p>Ambition.</p>" });
    macbethId = await content.addEvent({ slug: "macbeth-live", title: "Macbeth", summary: "Our new Macbeth.", description_html: "<p>Tragedy.</p>" });
    await content.addEvent({ slug: "tempest", title: "The Tempest", summary: "A storm.", description_html: "<p>Island.</p>" });
    await content.addPage({ slug: "macbeth-access", title: "Macbeth: access performances", body_html: "<p>Captioned.</p>" });
    await database.db
      .insertInto("event_instances")
      .values([
        { event_id: macbethId, starts_at: "2026-11-20T19:30:00.000Z", ends_at: "2026-11-20T22:00:00.000Z" }, // past
        { event_id: macbethId, starts_at: "2026-12-04T19:30:00.000Z", ends_at: "2026-12-04T22:00:00.000Z" },
        { event_id: macbethId, starts_at: "2026-12-11T19:30:00.000Z", ends_at: "2026-12-11T22:00:00.000Z" },
      ])
      .execute();
  });
  afterAll(() => database.dispose());

  it("corrects a misspelt word to the nearest title word, as the title writes it", async () => {
    expect(await search.correctSpelling(["machbeth"])).toEqual({ terms: ["macbeth"], text: "Macbeth" });
    expect(await search.correctSpelling(["macbth", "witches"])).toEqual({ terms: ["macbeth", "witches"], text: "Macbeth witches" });
    expect(await search.correctSpelling(["tempst"])).toEqual({ terms: ["tempest"], text: "Tempest" });
  });

  it("leaves alone words in the titles, a last word still being typed, short words and words with no near title word", async () => {
    expect(await search.correctSpelling(["macbeth"])).toBeUndefined();
    expect(await search.correctSpelling(["macb"])).toBeUndefined();
    expect(await search.correctSpelling(["mcb"])).toBeUndefined();
    expect(await search.correctSpelling(["zzzzzzzz"])).toBeUndefined();
  });

  it('"machbeth" finds Macbeth, with "Did you mean Macbeth?" linking to its search', async () => {
    const results = await page("machbeth");
    expect(results.didYouMean).toEqual({ text: "Macbeth", href: "/search/?q=Macbeth" });
    expect(results.hits[0]).toMatchObject({ title: "Macbeth", kind: "event" });
    expect(results.total).toBe(4);
  });

  it("offers no correction when the text as typed finds something", async () => {
    const results = await page("macbeth");
    expect(results.didYouMean).toBeUndefined();
    expect(results.total).toBe(4);
  });

  it("counts each type and filters by one, keeping the type in the links", async () => {
    const all = await page("macbeth");
    expect(all.kindChoices).toEqual([
      { value: "", label: "All", count: 4, checked: true },
      { value: "event", label: "Events", count: 1, checked: false },
      { value: "resource", label: "Resources", count: 2, checked: false },
      { value: "page", label: "Pages", count: 1, checked: false },
    ]);
    const resources = await page("macbeth", { kind: "resource" });
    expect(resources.hits.map((hit) => hit.kind)).toEqual(["resource", "resource"]);
    expect(resources.total).toBe(2);
    expect(resources.kindChoices.find((choice) => choice.checked)).toMatchObject({ value: "resource", count: 2 });
    expect(resources.firstPageHref).toBe("/search/?q=macbeth&type=resource");
    const pages = await page("macbeth", { kind: "page" });
    expect(pages.hits.map((hit) => hit.title)).toEqual(["Macbeth: access performances"]);
    // The counts stay those of every type, so the filter can switch.
    expect(pages.kindChoices.map((choice) => choice.count)).toEqual([4, 1, 2, 1]);
  });

  it("shows an event's next performance, not a past one; other kinds have none", async () => {
    const events = await page("macbeth", { kind: "event" });
    expect(events.hits[0]!.nextStart).toEqual({ iso: "2026-12-04T19:30:00.000Z", text: "Fri, 4 Dec 2026, 7:30 pm" });
    const tempest = await page("tempest");
    expect(tempest.hits[0]).toMatchObject({ title: "The Tempest" });
    expect(tempest.hits[0]).not.toHaveProperty("nextStart");
    const resources = await page("macbeth", { kind: "resource" });
    expect(resources.hits.every((hit) => hit.nextStart === undefined)).toBe(true);
  });
});
