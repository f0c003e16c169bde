import type { SchoolHit } from "../../../contracts/shapes/schools";

export type { SchoolHit };

/*
 * The school search port (docs/schools.md): find a school by name, place,
 * postcode or URN as the person types. The in-memory index
 * (in-memory-school-search.ts) serves both databases by default; with
 * SCHOOL_SEARCH=algolia a hosted Algolia index does (algolia/, docs/search.md).
 */


export interface SchoolSearch {
  /** The best `limit` schools for the query text, an exact URN first. */
  find(text: string, limit: number): Promise<SchoolHit[]>;
}
