import {
  clampPage,
  clearedFiltersUrl,
  DURATION_BAND_MINUTES,
  emptyFacetSelection,
  keepKnownTerms,
  parseResourceListingQuery,
  resourceListingUrl,
  type DurationBand,
} from "../../../server/domain/resource-filters";
import { paginationOf } from "../../../server/resources/resource-filters-pages";

describe("parseResourceListingQuery", () => {
  it("reads the defaults from an empty query", () => {
    expect(parseResourceListingQuery({})).toEqual({ terms: emptyFacetSelection(), duration: "any", sort: "newest", page: 1 });
  });

  it("reads repeated facet values, trimmed and without duplicates", () => {
    const query = parseResourceListingQuery({ subject: ["drama", " english ", "drama"], key_stage: "ks3" });
    expect(query.terms).toEqual({ key_stage: ["ks3"], subject: ["drama", "english"], play_or_topic: [], theme: [] });
  });

  it("drops values that cannot be slugs, and nested objects", () => {
    const query = parseResourceListingQuery({ subject: ["Drama", "a b", "", "x'--"], theme: { a: "b" }, play_or_topic: ["ok-1"] });
    expect(query.terms.subject).toEqual([]);
    expect(query.terms.theme).toEqual([]);
    expect(query.terms.play_or_topic).toEqual(["ok-1"]);
  });

  it("reads duration and sort from their lists, falling back to any and newest", () => {
    expect(parseResourceListingQuery({ duration: "15-30", sort: "longest" })).toMatchObject({ duration: "15-30", sort: "longest" });
    expect(parseResourceListingQuery({ duration: "15-31", sort: "oldest" })).toMatchObject({ duration: "any", sort: "newest" });
    expect(parseResourceListingQuery({ duration: ["over-60", "under-15"] }).duration).toBe("over-60");
  });

  it.each([
    ["2", 2],
    ["0", 1],
    ["-1", 1],
    ["1.5", 1],
    ["abc", 1],
    ["9999999", 1],
    ["999999", 999999],
  ])("reads page %j as %i", (raw, page) => {
    expect(parseResourceListingQuery({ page: raw }).page).toBe(page);
  });
});

describe("duration bands", () => {
  const bandOf = (minutes: number): DurationBand[] =>
    (Object.entries(DURATION_BAND_MINUTES) as [DurationBand, { min?: number; max?: number }][])
      .filter(([, { min, max }]) => (min === undefined || minutes >= min) && (max === undefined || minutes <= max))
      .map(([band]) => band);

  it.each([
    [1, "under-15"],
    [14, "under-15"],
    [15, "15-30"],
    [30, "15-30"],
    [31, "30-60"],
    [60, "30-60"],
    [61, "over-60"],
    [600, "over-60"],
  ])("puts %i minutes in %s only", (minutes, band) => {
    expect(bandOf(minutes)).toEqual([band]);
  });
});

describe("keepKnownTerms", () => {
  it("keeps known slugs in the facet's own order and drops the rest", () => {
    const query = parseResourceListingQuery({ subject: ["music", "nope", "drama"] });
    const known = { key_stage: [], subject: ["drama", "english", "music"], play_or_topic: [], theme: [] };
    expect(keepKnownTerms(query, known).terms.subject).toEqual(["drama", "music"]);
  });
});

describe("listing addresses", () => {
  it("leaves defaults out and keeps every filter", () => {
    expect(resourceListingUrl(parseResourceListingQuery({}))).toBe("/resources/");
    const query = parseResourceListingQuery({ theme: "love", key_stage: ["ks2", "ks3"], duration: "under-15", sort: "title", page: "3" });
    expect(resourceListingUrl(query)).toBe("/resources/?key_stage=ks2&key_stage=ks3&theme=love&duration=under-15&sort=title&page=3");
    // Clear all clears the duration too; the sort is not a filter.
    expect(clearedFiltersUrl(query)).toBe("/resources/?sort=title");
  });
});

describe("clampPage", () => {
  it("keeps pages in range and shows the last page past the end", () => {
    expect(clampPage(3, 41)).toBe(3);
    expect(clampPage(4, 41)).toBe(3);
    expect(clampPage(2, 40)).toBe(2);
    expect(clampPage(3, 40)).toBe(2);
    expect(clampPage(5, 0)).toBe(1);
  });
});

describe("paginationOf", () => {
  const query = parseResourceListingQuery({ subject: "drama" });
  const labels = (page: number, last: number) =>
    paginationOf(query, page, last)?.items.map((item) => (item.kind === "gap" ? "…" : item.current ? `[${item.number}]` : String(item.number)));

  it("is null for a single page", () => {
    expect(paginationOf(query, 1, 1)).toBeNull();
  });

  it("links the first, last, current and neighbouring pages, with gaps", () => {
    expect(labels(1, 10)).toEqual(["[1]", "2", "…", "10"]);
    expect(labels(5, 10)).toEqual(["1", "…", "4", "[5]", "6", "…", "10"]);
    // A gap of a single page shows that page.
    expect(labels(4, 10)).toEqual(["1", "2", "3", "[4]", "5", "…", "10"]);
    expect(labels(3, 3)).toEqual(["1", "2", "[3]"]);
  });

  it("keeps the filters in every link", () => {
    const pagination = paginationOf(query, 2, 3)!;
    expect(pagination.previousUrl).toBe("/resources/?subject=drama");
    expect(pagination.nextUrl).toBe("/resources/?subject=drama&page=3");
  });
});
