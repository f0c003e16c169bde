import type { SchoolHit } from "../../../contracts/shapes/schools";

export type { SchoolHit };

/*
 * The school search port (docs/schools.md): find a school by name, place or
 * URN as the person types. Two implementations live beside it (SQLite FTS5,
 * PostgreSQL full text); create-school-search.ts picks one for the database.
 */


export interface SchoolSearch {
  /** The best `limit` schools for the query text, an exact URN first. */
  find(text: string, limit: number): Promise<SchoolHit[]>;
}
