/*
 * Numbered page links for any paged list (the resources library, the back
 * office's lists): the first and last pages, the current page and its
 * neighbours, with a gap where numbers are skipped (a gap of exactly one page
 * shows that page instead). Pure: each list says how a page's address is made.
 */

/** One entry of the pagination nav: a page link, or a gap in the run of numbers. */
export type PaginationItem = { kind: "page"; number: number; url: string; current: boolean } | { kind: "gap" };

export interface Pagination {
  page: number;
  lastPage: number;
  previousUrl: string | null;
  nextUrl: string | null;
  items: PaginationItem[];
}

/** Pages either side of the current one that are always linked. */
const NEIGHBOURS = 1;

/** The last page of `total` items, `perPage` to a page (1 when there are none). */
export function lastPageOf(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The page links for `page` of `lastPage`, each address made by `urlOf`; null when there is one page. */
export function paginationOf(page: number, lastPage: number, urlOf: (page: number) => string): Pagination | null {
  if (lastPage <= 1) return null;
  const shown = new Set<number>([1, lastPage]);
  for (let number = page - NEIGHBOURS; number <= page + NEIGHBOURS; number += 1) {
    if (number >= 1 && number <= lastPage) shown.add(number);
  }
  const numbers = [...shown].sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  numbers.forEach((number, index) => {
    const previous = numbers[index - 1];
    if (previous !== undefined && number - previous === 2) {
      items.push({ kind: "page", number: number - 1, url: urlOf(number - 1), current: false });
    } else if (previous !== undefined && number - previous > 2) {
      items.push({ kind: "gap" });
    }
    items.push({ kind: "page", number, url: urlOf(number), current: number === page });
  });
  return {
    page,
    lastPage,
    previousUrl: page > 1 ? urlOf(page - 1) : null,
    nextUrl: page < lastPage ? urlOf(page + 1) : null,
    items,
  };
}
