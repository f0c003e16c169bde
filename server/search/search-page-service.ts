import type { SearchKind, SiteSearch } from "./search-port";
import { RESULTS_PAGE_SIZE, searchResultsPageOf, type SearchResultsPage } from "./search-results-page";
import { noResults } from "./search-rows";

/** What the results page needs beyond the index: events' next dates, from the events capability. */
export interface SearchPageSources {
  siteSearch: SiteSearch;
  nextEventStarts(eventIds: readonly number[], now: Date): Promise<ReadonlyMap<number, string>>;
  now?: () => Date;
}

export interface SearchPageRequest {
  text: string;
  terms: readonly string[];
  page: number;
  kind?: SearchKind;
}

/**
 * One page of /search/: the hits of the kind asked for with every kind's
 * count; when nothing of any kind matches the text as typed, the results
 * for its spelling correction from the titles ("machbeth" -> Macbeth) with
 * "Did you mean …?"; and each event hit's next performance.
 */
export async function loadSearchPage(sources: SearchPageSources, { text, terms, page, kind }: SearchPageRequest): Promise<SearchResultsPage> {
  const { siteSearch } = sources;
  if (terms.length === 0) return searchResultsPageOf(text, page, noResults());
  const pageOf = { page, pageSize: RESULTS_PAGE_SIZE, kind };
  let results = await siteSearch.search(terms, pageOf);
  const nothingAtAll = results.counts.event + results.counts.resource + results.counts.page === 0;
  const correction = nothingAtAll ? await siteSearch.correctSpelling(terms) : undefined;
  if (correction) results = await siteSearch.search(correction.terms, pageOf);
  const eventIds = results.hits.filter((hit) => hit.kind === "event").map((hit) => Number(hit.objectID.split(":")[1]));
  const nextStarts = eventIds.length ? await sources.nextEventStarts(eventIds, (sources.now ?? (() => new Date()))()) : undefined;
  return searchResultsPageOf(text, page, results, { kind, nextStarts, correction });
}
