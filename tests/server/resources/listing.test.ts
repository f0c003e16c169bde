import { parseResourceListingQuery } from "../../../server/domain/resource-filters";
import { loadResourceListingPage, type ResourceListingPage } from "../../../server/resources/resource-listing-page";
import { createTestDatabase, databaseEngines, type TestDatabase } from "../support/databases";
import { FILLER_COUNT, seedResourceFixtures } from "./resource-fixtures";

const visitor = { constituentId: null, csrfToken: "token", returnPath: "/resources/" };

describe.each(databaseEngines)("the resources listing on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedResourceFixtures(database.db);
  });
  afterAll(() => database.dispose());

  const listing = (query: Record<string, unknown> = {}) =>
    loadResourceListingPage(database.db, parseResourceListingQuery(query), visitor);
  const idsOf = (page: ResourceListingPage) => page.cards.map((card) => card.id);
  const countsOf = (page: ResourceListingPage) =>
    Object.fromEntries(page.form.facets.map((facet) => [facet.name, Object.fromEntries(facet.options.map((option) => [option.slug, option.count]))]));

  it("lists only published resources, newest first, 20 a page", async () => {
    const page = await listing();
    expect(page.total).toBe(6 + FILLER_COUNT);
    expect(idsOf(page)).toEqual([1, 2, 3, 4, 5, 6, ...Array.from({ length: 14 }, (_, index) => 100 + index)]);
    expect(page.cards.map((card) => card.slug)).not.toContain("not-yet-published");
    expect(page.cards[0]).toMatchObject({ url: "/resources/macbeth-freeze-frames/", resourceType: "activity", keyStages: ["Key Stage 3"] });
  });

  it("counts each term over published resources only", async () => {
    expect(countsOf(await listing())).toEqual({
      key_stage: { ks2: 3, ks3: 4, ks5: FILLER_COUNT },
      subject: { english: 2, drama: 4, music: 1, history: FILLER_COUNT },
      // The unpublished Macbeth resource is not counted.
      play_or_topic: { macbeth: 3, "the-tempest": 2 },
      theme: { power: 3, love: 2, identity: FILLER_COUNT, fate: 0 },
    });
  });

  it("ORs the terms of one facet and ANDs the facets", async () => {
    const page = await listing({ key_stage: "ks3", subject: ["drama", "english"] });
    expect(idsOf(page)).toEqual([1, 4, 5]);
    expect(page.total).toBe(3);
    expect(page.form.checkedCount).toBe(3);
    expect(page.filtered).toBe(true);
  });

  it("counts each term as the results there would be with it ticked, given the other facets", async () => {
    const page = await listing({ key_stage: "ks3", subject: ["drama", "english"] });
    expect(countsOf(page)).toEqual({
      // Subject drama or english: 1, 2, 4, 5, 6.
      key_stage: { ks2: 2, ks3: 3, ks5: 0 },
      // Key stage 3: 1, 3, 4, 5.
      subject: { english: 2, drama: 2, music: 1, history: 0 },
      // Both: 1, 4, 5.
      play_or_topic: { macbeth: 3, "the-tempest": 0 },
      theme: { power: 2, love: 0, identity: 0, fate: 0 },
    });
    const checked = page.form.facets.flatMap((facet) => facet.options.filter((option) => option.checked).map((option) => option.slug));
    expect(checked).toEqual(["ks3", "english", "drama"]);
  });

  it("puts each duration on exactly one band: under 15 < 15, 15 to 30 inclusive, over 30 to 60 inclusive, over 60", async () => {
    expect(idsOf(await listing({ duration: "under-15" }))).toEqual([1]);
    expect(idsOf(await listing({ duration: "15-30" }))).toEqual([2, 3]);
    const thirtyToSixty = await listing({ duration: "30-60" });
    expect(thirtyToSixty.total).toBe(2 + FILLER_COUNT);
    expect(idsOf(thirtyToSixty).slice(0, 2)).toEqual([4, 5]);
    expect(idsOf(await listing({ duration: "over-60" }))).toEqual([6]);
    // Duration ANDs with the facets, and the counts respect it.
    const page = await listing({ duration: "30-60", key_stage: "ks3" });
    expect(idsOf(page)).toEqual([4, 5]);
    expect(countsOf(page).key_stage).toEqual({ ks2: 0, ks3: 2, ks5: FILLER_COUNT });
  });

  it("sorts by title A to Z in byte order of the lower-cased title on both engines, ties by id", async () => {
    const page = await listing({ subject: ["drama", "english"], sort: "title" });
    // "<" sorts before letters, and "macbeth essay" before "macbeth: freeze-frames" (space before colon).
    expect(idsOf(page)).toEqual([6, 2, 5, 4, 1]);
  });

  it("sorts by shortest and longest, equal durations by id", async () => {
    const fillers = Array.from({ length: FILLER_COUNT }, (_, index) => 100 + index);
    expect(idsOf(await listing({ sort: "shortest" }))).toEqual([1, 2, 3, 4, ...fillers.slice(0, 16)]);
    const longest = await listing({ sort: "longest" });
    expect(idsOf(longest)).toEqual([6, 5, ...fillers.slice(0, 18)]);
    expect(idsOf(await listing({ sort: "longest", page: "2" }))).toEqual([...fillers.slice(18), 4, 3, 2, 1]);
  });

  it("pages 20 at a time, with page links that keep the filters and the sort", async () => {
    const first = await listing({ subject: "history", sort: "title" });
    expect(first.cards).toHaveLength(20);
    expect(first.pagination).toMatchObject({
      page: 1,
      lastPage: 2,
      previousUrl: null,
      nextUrl: "/resources/?subject=history&sort=title&page=2",
    });
    expect(first.pagination?.items).toEqual([
      { kind: "page", number: 1, url: "/resources/?subject=history&sort=title", current: true },
      { kind: "page", number: 2, url: "/resources/?subject=history&sort=title&page=2", current: false },
    ]);
    const second = await listing({ subject: "history", sort: "title", page: "2" });
    expect(second.cards.map((card) => card.title)).toEqual(["21", "22", "23", "24", "25"].map((n) => `History filler ${n}`));
    expect(second.pagination?.previousUrl).toBe("/resources/?subject=history&sort=title");
  });

  it("shows the last page for a page past the end", async () => {
    const page = await listing({ subject: "history", page: "9" });
    expect(page.page).toBe(2);
    expect(idsOf(page)).toEqual([120, 121, 122, 123, 124]);
    expect(page.pagination?.items.find((item) => item.kind === "page" && item.current)).toMatchObject({ number: 2 });
  });

  it("ignores unknown terms, facets and values rather than failing", async () => {
    const page = await listing({ subject: ["nope", "drama"], colour: "red", sort: "sideways", duration: "forever", page: "-3" });
    expect(idsOf(page)).toEqual([1, 2, 5, 6]);
    expect(page.form.sorts.find((sort) => sort.selected)?.value).toBe("newest");
    expect(page.form.durations.find((duration) => duration.selected)?.value).toBe("any");
    // An address with only unknown terms is the whole listing.
    expect((await listing({ theme: "nonsense" })).total).toBe(6 + FILLER_COUNT);
  });

  it("has no pages and no cards when nothing matches", async () => {
    const page = await listing({ key_stage: "ks5", subject: "drama", page: "4" });
    expect(page).toMatchObject({ total: 0, page: 1, cards: [], pagination: null });
  });

  it("offers Clear all as the same listing with no boxes ticked and any length, sort kept, counting the duration", async () => {
    const page = await listing({ key_stage: "ks3", duration: "30-60", sort: "longest", page: "2" });
    expect(page.form.clearUrl).toBe("/resources/?sort=longest");
    expect(page.form.checkedCount).toBe(2);
  });
});
