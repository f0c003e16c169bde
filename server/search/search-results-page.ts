import { escapeHtml } from "./excerpt";
import type { SearchHit, SearchKind, SearchResults } from "./search-port";

/*
 * The /search/ page's view model (templates/pages/search.njk): labels,
 * counts and pagination links. Pure.
 */

/** Results per page of /search/. */
export const RESULTS_PAGE_SIZE = 10;

const kindLabels: Record<SearchKind, string> = { event: "Event", resource: "Resource", page: "Page" };

export type PaginationItem = { number: number; href: string; current: boolean } | { ellipsis: true };

export interface SearchResultsPage {
  query: string;
  page: number;
  pageCount: number;
  total: number;
  /** 1-based positions of the first and last hit shown. */
  from: number;
  to: number;
  /** excerptHtml: the excerpt with only <mark> as markup, for `| safe` in the template. */
  hits: (SearchHit & { kindLabel: string; excerptHtml: string })[];
  pagination: PaginationItem[];
  previousHref?: string;
  nextHref?: string;
  firstPageHref: string;
}

export function searchPageHref(query: string, page: number): string {
  return `/search/?q=${encodeURIComponent(query)}${page > 1 ? `&page=${page}` : ""}`;
}

/** Page numbers to link: the first, the last and two either side of the current one, with gaps marked. */
export function pageNumbersAround(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount]);
  for (let number = page - 2; number <= page + 2; number++) if (number >= 1 && number <= pageCount) wanted.add(number);
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((number, index) => {
    if (index > 0 && number - sorted[index - 1]! > 1) items.push(null);
    items.push(number);
  });
  return items;
}

export function searchResultsPageOf(query: string, page: number, results: SearchResults): SearchResultsPage {
  const pageCount = Math.max(1, Math.ceil(results.total / RESULTS_PAGE_SIZE));
  const from = results.hits.length ? (page - 1) * RESULTS_PAGE_SIZE + 1 : 0;
  return {
    query,
    page,
    pageCount,
    total: results.total,
    from,
    to: results.hits.length ? from + results.hits.length - 1 : 0,
    hits: results.hits.map((hit) => ({ ...hit, kindLabel: kindLabels[hit.kind], excerptHtml: safeExcerptHtml(hit.excerpt) })),
    pagination:
      results.total > RESULTS_PAGE_SIZE
        ? pageNumbersAround(Math.min(page, pageCount), pageCount).map((number) =>
            number === null ? { ellipsis: true } : { number, href: searchPageHref(query, number), current: number === page },
          )
        : [],
    previousHref: page > 1 && page <= pageCount ? searchPageHref(query, page - 1) : undefined,
    nextHref: page < pageCount ? searchPageHref(query, page + 1) : undefined,
    firstPageHref: searchPageHref(query, 1),
  };
}

/** The excerpt's only markup is <mark>; re-escaping anything else keeps it so even if a hit came from elsewhere. */
export function safeExcerptHtml(excerpt: string): string {
  return excerpt
    .split(/(<mark>|<\/mark>)/)
    .map((part) => (part === "<mark>" || part === "</mark>" ? part : escapeHtml(decodeEntities(part))))
    .join("");
}

function decodeEntities(text: string): string {
  return text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}
