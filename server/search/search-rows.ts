import { markedExcerpt } from "./excerpt";
import type { SearchHit, SearchKind, SearchResults } from "./search-port";

/** What both engines read back from their index for a hit. */
export interface SearchRow {
  kind: SearchKind;
  object_id: number;
  title: string;
  body: string;
  url: string;
  image_url: string | null;
}

/** Events carry no publication date; the index gives them this one, so they are always shown. */
export const ALWAYS_PUBLISHED = "1970-01-01T00:00:00.000Z";

/** Only site paths are passed on as images ("an absolute path or omitted"); anything else is dropped. */
function imagePathOf(imageUrl: string | null): string | undefined {
  return imageUrl && imageUrl.startsWith("/") && !imageUrl.startsWith("//") ? imageUrl : undefined;
}

export function hitOf(row: SearchRow, terms: readonly string[]): SearchHit {
  const image = imagePathOf(row.image_url);
  return {
    objectID: `${row.kind}:${Number(row.object_id)}`,
    kind: row.kind,
    title: row.title,
    url: row.url,
    excerpt: markedExcerpt(row.body, terms),
    ...(image ? { image } : {}),
  };
}

/** Per-kind match counts from `select kind, count(*) … group by kind`, every kind present. */
export function kindCountsOf(rows: readonly { kind: SearchKind; total: number | string }[]): Record<SearchKind, number> {
  const counts: Record<SearchKind, number> = { event: 0, resource: 0, page: 0 };
  for (const row of rows) counts[row.kind] = Number(row.total);
  return counts;
}

/** Matches of `kind`, or of every kind when none is asked for. */
export function totalOf(counts: Record<SearchKind, number>, kind: SearchKind | undefined): number {
  return kind ? counts[kind] : counts.event + counts.resource + counts.page;
}

/** The answer to a search with no terms: nothing to look for. */
export function noResults(): SearchResults {
  return { hits: [], total: 0, counts: kindCountsOf([]) };
}
