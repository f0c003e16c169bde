import { escapeHtml } from "./excerpt";
import { SEARCH_KINDS, type SearchHit, type SearchKind, type SearchResults } from "./search-port";
import type { SpellingCorrection } from "./spelling-suggestion";

/*
 * The /search/ page's view model (templates/pages/search.njk): labels,
 * counts and pagination links. Pure.
 */

/** Results per page of /search/. */
export const RESULTS_PAGE_SIZE = 10;

const kindLabels: Record<SearchKind, string> = { event: "Event", resource: "Resource", page: "Page" };

const kindFilterLabels: Record<SearchKind, string> = { event: "Events", resource: "Resources", page: "Pages" };

/** One choice of the type filter: every type, or one kind, with how many results it has. */
export interface KindFilterChoice {
  value: SearchKind | "";
  label: string;
  count: number;
  checked: boolean;
}

/** "Did you mean …?": the corrected text and the link that searches it. */
export interface SpellingSuggestionLink {
  text: string;
  href: string;
}

export type SearchResultHit = SearchHit & {
  kindLabel: string;
  excerptHtml: string;
  /** An event's next performance: ISO start and its London wording. */
  nextStart?: { iso: string; text: string };
};

export interface SearchResultsOptions {
  kind?: SearchKind;
  /** Event id -> start of its next performance. */
  nextStarts?: ReadonlyMap<number, string>;
  /** Set when nothing matched the text as typed and these results are for the correction. */
  correction?: SpellingCorrection;
}

export type PaginationItem = { number: number; href: string; current: boolean } | { ellipsis: true };

export interface SearchResultsPage {
  query: string;
  page: number;
  pageCount: number;
  total: number;
  /** 1-based positions of the first and last hit shown. */
  from: number;
  to: number;
  /** The type filter's choice, if any. */
  kind?: SearchKind;
  kindChoices: KindFilterChoice[];
  didYouMean?: SpellingSuggestionLink;
  /** excerptHtml: the excerpt with only <mark> as markup, for `| safe` in the template. */
  hits: SearchResultHit[];
  pagination: PaginationItem[];
  previousHref?: string;
  nextHref?: string;
  firstPageHref: string;
}

export function searchPageHref(query: string, page: number, kind?: SearchKind): string {
  return `/search/?q=${encodeURIComponent(query)}${kind ? `&type=${kind}` : ""}${page > 1 ? `&page=${page}` : ""}`;
}

const londonStart = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** "Fri, 4 Dec 2026, 7:30 pm": when an event's next performance starts, London time. */
export function formatNextStart(iso: string): string {
  return londonStart.format(new Date(iso));
}

function kindChoicesOf(counts: Record<SearchKind, number>, kind: SearchKind | undefined): KindFilterChoice[] {
  return [
    { value: "", label: "All", count: counts.event + counts.resource + counts.page, checked: !kind },
    ...SEARCH_KINDS.map((value) => ({ value, label: kindFilterLabels[value], count: counts[value], checked: value === kind })),
  ];
}

function resultHitOf(hit: SearchHit, nextStarts: ReadonlyMap<number, string> | undefined): SearchResultHit {
  const start = hit.kind === "event" ? nextStarts?.get(Number(hit.objectID.split(":")[1])) : undefined;
  return {
    ...hit,
    kindLabel: kindLabels[hit.kind],
    excerptHtml: safeExcerptHtml(hit.excerpt),
    ...(start ? { nextStart: { iso: start, text: formatNextStart(start) } } : {}),
  };
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

export function searchResultsPageOf(query: string, page: number, results: SearchResults, options: SearchResultsOptions = {}): SearchResultsPage {
  const { kind, nextStarts, correction } = options;
  const pageCount = Math.max(1, Math.ceil(results.total / RESULTS_PAGE_SIZE));
  const from = results.hits.length ? (page - 1) * RESULTS_PAGE_SIZE + 1 : 0;
  return {
    query,
    page,
    pageCount,
    total: results.total,
    kind,
    kindChoices: kindChoicesOf(results.counts, kind),
    ...(correction ? { didYouMean: { text: correction.text, href: searchPageHref(correction.text, 1, kind) } } : {}),
    from,
    to: results.hits.length ? from + results.hits.length - 1 : 0,
    hits: results.hits.map((hit) => resultHitOf(hit, nextStarts)),
    pagination:
      results.total > RESULTS_PAGE_SIZE
        ? pageNumbersAround(Math.min(page, pageCount), pageCount).map((number) =>
            number === null ? { ellipsis: true } : { number, href: searchPageHref(query, number, kind), current: number === page },
          )
        : [],
    previousHref: page > 1 && page <= pageCount ? searchPageHref(query, page - 1, kind) : undefined,
    nextHref: page < pageCount ? searchPageHref(query, page + 1, kind) : undefined,
    firstPageHref: searchPageHref(query, 1, kind),
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
