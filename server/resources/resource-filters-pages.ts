import { paginationOf as pageLinks, type Pagination } from "../domain/pagination";
import { resourceListingUrl, type ResourceListingQuery } from "../domain/resource-filters";

export type { Pagination, PaginationItem } from "../domain/pagination";

/** The library's page links, each keeping every filter; null when there is one page. */
export function paginationOf(query: ResourceListingQuery, page: number, lastPage: number): Pagination | null {
  return pageLinks(page, lastPage, (number) => resourceListingUrl({ ...query, page: number }));
}
