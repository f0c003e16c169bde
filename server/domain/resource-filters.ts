import { RESOURCE_FACETS, type ResourceFacet } from "./resource-taxonomy";
import { lastPageOf } from "./pagination";

/*
 * The resources listing's query string, read without any I/O (docs/resources.md):
 *
 *   key_stage, subject, play_or_topic, theme   facet term slugs, repeatable (?subject=drama&subject=english)
 *   duration   any (default) | under-15 | 15-30 | 30-60 | over-60
 *   sort       newest (default) | title | shortest | longest
 *   page       1-based page number (default 1)
 *
 * Nothing here ever fails: unknown parameters, values and slugs are dropped
 * (slugs once the real terms are known, by keepKnownTerms), so a stale or
 * hand-edited address still shows a listing rather than an error.
 */

export const RESOURCES_PATH = "/resources/";
export const RESOURCES_PER_PAGE = 20;

/** Minutes, lower bound inclusive or exclusive as marked: together the bands cover every duration exactly once. */
export const DURATION_BANDS = ["any", "under-15", "15-30", "30-60", "over-60"] as const;
export type DurationBand = (typeof DURATION_BANDS)[number];

export const DURATION_BAND_LABELS: Record<DurationBand, string> = {
  any: "Any length",
  "under-15": "Under 15 minutes",
  "15-30": "15 to 30 minutes",
  "30-60": "30 minutes to 1 hour",
  "over-60": "Over 1 hour",
};

/** A duration band as minute bounds: `min` inclusive, `max` inclusive, either absent for open-ended. */
export interface MinuteRange {
  min?: number;
  max?: number;
}

/**
 * Under 15: d < 15 (up to 14). 15–30: 15 <= d <= 30. 30–60: 30 < d <= 60.
 * Over 60: d > 60. So a 30-minute lesson is "15 to 30" and an hour is "30 to 60",
 * as a teacher reading the labels would expect. Durations are whole minutes.
 */
export const DURATION_BAND_MINUTES: Record<Exclude<DurationBand, "any">, MinuteRange> = {
  "under-15": { max: 14 },
  "15-30": { min: 15, max: 30 },
  "30-60": { min: 31, max: 60 },
  "over-60": { min: 61 },
};

export const RESOURCE_SORTS = ["newest", "title", "shortest", "longest"] as const;
export type ResourceSort = (typeof RESOURCE_SORTS)[number];

export const RESOURCE_SORT_LABELS: Record<ResourceSort, string> = {
  newest: "Newest first",
  title: "Title A to Z",
  shortest: "Shortest first",
  longest: "Longest first",
};

export type FacetSelection = Record<ResourceFacet, string[]>;

export interface ResourceListingQuery {
  /** Checked term slugs per facet; an empty list means "any". */
  terms: FacetSelection;
  duration: DurationBand;
  sort: ResourceSort;
  /** 1-based; may be past the last page until the total is known (see clampPage). */
  page: number;
}

/** The largest page number read from an address: anything longer is nonsense and reads as page 1. */
const MAX_PAGE_DIGITS = 6;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** More checked terms than any facet has is a hand-made address; the rest are ignored. */
const MAX_TERMS_PER_FACET = 50;

function queryValues(raw: unknown): string[] {
  if (typeof raw === "string") return [raw];
  if (Array.isArray(raw)) return raw.filter((value): value is string => typeof value === "string");
  return [];
}

function firstValue(raw: unknown): string | undefined {
  return queryValues(raw)[0]?.trim();
}

function oneOf<Value extends string>(values: readonly Value[], raw: unknown, fallback: Value): Value {
  const value = firstValue(raw);
  return value !== undefined && (values as readonly string[]).includes(value) ? (value as Value) : fallback;
}

function readPage(raw: unknown): number {
  const value = firstValue(raw);
  if (value === undefined || !new RegExp(`^\\d{1,${MAX_PAGE_DIGITS}}$`).test(value)) return 1;
  return Math.max(1, Number(value));
}

export function emptyFacetSelection(): FacetSelection {
  return { key_stage: [], subject: [], play_or_topic: [], theme: [] };
}

/** Reads Express's parsed query (`?a=1&a=2` arrives as an array). */
export function parseResourceListingQuery(query: Record<string, unknown>): ResourceListingQuery {
  const terms = emptyFacetSelection();
  for (const facet of RESOURCE_FACETS) {
    const slugs = queryValues(query[facet])
      .map((value) => value.trim())
      .filter((value) => SLUG_PATTERN.test(value));
    terms[facet] = [...new Set(slugs)].slice(0, MAX_TERMS_PER_FACET);
  }
  return {
    terms,
    duration: oneOf(DURATION_BANDS, query.duration, "any"),
    sort: oneOf(RESOURCE_SORTS, query.sort, "newest"),
    page: readPage(query.page),
  };
}

/** Drops slugs that name no term of their facet, keeping the facet's own order of the rest. */
export function keepKnownTerms(query: ResourceListingQuery, knownSlugs: Record<ResourceFacet, readonly string[]>): ResourceListingQuery {
  const terms = emptyFacetSelection();
  for (const facet of RESOURCE_FACETS) {
    const checked = new Set(query.terms[facet]);
    terms[facet] = knownSlugs[facet].filter((slug) => checked.has(slug));
  }
  return { ...query, terms };
}

export function checkedTermCount(terms: FacetSelection): number {
  return RESOURCE_FACETS.reduce((count, facet) => count + terms[facet].length, 0);
}

/** The filters in use: each checked box, and the duration when it is not "any". The "Clear all (N)" number. */
export function activeFilterCount(query: Pick<ResourceListingQuery, "terms" | "duration">): number {
  return checkedTermCount(query.terms) + (query.duration !== "any" ? 1 : 0);
}

export function hasFilters(query: ResourceListingQuery): boolean {
  return activeFilterCount(query) > 0;
}

/** The last page there is (1 when there are no results, so the empty state is page 1). */
export function lastPageFor(total: number, perPage = RESOURCES_PER_PAGE): number {
  return lastPageOf(total, perPage);
}

/** A page past the end shows the last page: a stale "page 9" link after filtering still shows results. */
export function clampPage(page: number, total: number, perPage = RESOURCES_PER_PAGE): number {
  return Math.min(Math.max(1, page), lastPageFor(total, perPage));
}

/**
 * The listing's address for a query. Defaults (duration any, sort newest,
 * page 1) are left out, so the plain listing is just /resources/.
 */
export function resourceListingUrl(query: ResourceListingQuery): string {
  const params = new URLSearchParams();
  for (const facet of RESOURCE_FACETS) {
    for (const slug of query.terms[facet]) params.append(facet, slug);
  }
  if (query.duration !== "any") params.append("duration", query.duration);
  if (query.sort !== "newest") params.append("sort", query.sort);
  if (query.page > 1) params.append("page", String(query.page));
  const search = params.toString();
  return search ? `${RESOURCES_PATH}?${search}` : RESOURCES_PATH;
}

/**
 * The listing's canonical address (docs/seo.md, "Canonical addresses"): a
 * page of the plain listing is its own (`?page=2`, the one parameter kept);
 * any filter or sort is a view of the plain listing, so it names /resources/.
 */
export function resourceListingCanonicalUrl(query: ResourceListingQuery): string {
  if (hasFilters(query) || query.sort !== "newest") return RESOURCES_PATH;
  return resourceListingUrl({ terms: emptyFacetSelection(), duration: "any", sort: "newest", page: query.page });
}

/** "Clear all" without JavaScript: the same listing with no boxes checked and any length (sort kept, page 1). */
export function clearedFiltersUrl(query: ResourceListingQuery): string {
  return resourceListingUrl({ ...query, terms: emptyFacetSelection(), duration: "any", page: 1 });
}
