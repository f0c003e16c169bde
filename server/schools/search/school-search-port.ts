import type { SchoolHit } from "../../../contracts/shapes/schools";

export type { SchoolHit };

/*
 * The school search port (docs/schools.md): find a school by name, place,
 * postcode or URN as the person types. One implementation, the in-memory
 * index (in-memory-school-search.ts), serves both databases.
 */


export interface SchoolSearch {
  /** The best `limit` schools for the query text, an exact URN first. */
  find(text: string, limit: number): Promise<SchoolHit[]>;
}
