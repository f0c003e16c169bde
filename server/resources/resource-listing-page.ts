import type { Kysely } from "kysely";
import { toResourceCards, type ResourceCard } from "./resource-cards";
import { RESOURCE_FACET_LABELS, RESOURCE_FACETS, type ResourceFacet } from "../domain/resource-taxonomy";
import type { Database } from "../db/schema";
import {
  activeFilterCount,
  clearedFiltersUrl,
  DURATION_BAND_LABELS,
  DURATION_BANDS,
  hasFilters,
  keepKnownTerms,
  lastPageFor,
  resourceListingCanonicalUrl,
  RESOURCE_SORT_LABELS,
  RESOURCE_SORTS,
  RESOURCES_PATH,
  type ResourceListingQuery,
} from "../domain/resource-filters";
import { paginationOf, type Pagination } from "./resource-filters-pages";
import type { ListResources } from "./cached-resource-listing";
import { listResources } from "./resource-listing";
import { loadResourceTerms, termSlugsByFacet, type ResourceTermsByFacet } from "./resource-terms";
import { saveControlsFor, type SaveControl, type Viewer } from "./save-controls";

/** What templates/macros/resource-filters.njk renders. */
export interface ResourceFilterForm {
  action: string;
  facets: {
    name: ResourceFacet;
    legend: string;
    options: { id: string; slug: string; label: string; count: number; checked: boolean }[];
  }[];
  durations: { value: string; label: string; selected: boolean }[];
  sorts: { value: string; label: string; selected: boolean }[];
  /** Filters in use (checked boxes and a duration other than any): the "Clear all (N)" number. */
  checkedCount: number;
  /** Clear all without JavaScript: no boxes checked, any length, sort kept. */
  clearUrl: string;
}

/** What templates/pages/resources.njk renders. */
export interface ResourceListingPage {
  form: ResourceFilterForm;
  total: number;
  filtered: boolean;
  /** The page shown (a page past the end shows the last page). */
  page: number;
  cards: (ResourceCard & { save: SaveControl })[];
  pagination: Pagination | null;
  /** The plain listing, for the empty state. */
  listingUrl: string;
  /** The page's canonical address (resourceListingCanonicalUrl); the layout's <link rel="canonical">. */
  canonicalPath: string;
}

function filterFormOf(query: ResourceListingQuery, terms: ResourceTermsByFacet, counts: Record<ResourceFacet, Map<number, number>>): ResourceFilterForm {
  return {
    action: RESOURCES_PATH,
    facets: RESOURCE_FACETS.filter((facet) => terms[facet].length > 0).map((facet) => {
      const checked = new Set(query.terms[facet]);
      return {
        name: facet,
        legend: RESOURCE_FACET_LABELS[facet],
        options: terms[facet].map((term) => ({
          id: `filter-${facet}-${term.slug}`,
          slug: term.slug,
          label: term.label,
          count: counts[facet].get(term.id) ?? 0,
          checked: checked.has(term.slug),
        })),
      };
    }),
    durations: DURATION_BANDS.map((value) => ({ value, label: DURATION_BAND_LABELS[value], selected: value === query.duration })),
    sorts: RESOURCE_SORTS.map((value) => ({ value, label: RESOURCE_SORT_LABELS[value], selected: value === query.sort })),
    checkedCount: activeFilterCount(query),
    clearUrl: clearedFiltersUrl(query),
  };
}

/** The /resources/ page for a parsed query: the filter form with counts, one page of cards and the page links. */
export async function loadResourceListingPage(
  db: Kysely<Database>,
  askedQuery: ResourceListingQuery,
  viewer: Viewer,
  now: Date = new Date(),
  list: ListResources = listResources,
): Promise<ResourceListingPage> {
  const terms = await loadResourceTerms(db);
  const query = keepKnownTerms(askedQuery, termSlugsByFacet(terms));
  const idOf = (facet: ResourceFacet) => new Map(terms[facet].map((term) => [term.slug, term.id]));
  const termIds = Object.fromEntries(
    RESOURCE_FACETS.map((facet) => {
      const ids = idOf(facet);
      return [facet, query.terms[facet].map((slug) => ids.get(slug)!)];
    }),
  ) as Record<ResourceFacet, number[]>;
  const facetTermIds = Object.fromEntries(RESOURCE_FACETS.map((facet) => [facet, terms[facet].map((term) => term.id)])) as Record<
    ResourceFacet,
    number[]
  >;

  const result = await list(db, { termIds, duration: query.duration, now }, { sort: query.sort, page: query.page, facetTermIds });
  const cards = await toResourceCards(db, result.rows);
  const saves = await saveControlsFor(db, cards, viewer);
  const shownQuery = { ...query, page: result.page };
  return {
    form: filterFormOf(shownQuery, terms, result.counts),
    total: result.total,
    filtered: hasFilters(query),
    page: result.page,
    cards: cards.map((card, index) => ({ ...card, save: saves[index]! })),
    pagination: paginationOf(shownQuery, result.page, lastPageFor(result.total)),
    listingUrl: RESOURCES_PATH,
    canonicalPath: resourceListingCanonicalUrl(shownQuery),
  };
}
