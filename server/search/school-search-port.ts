import type { SchoolType } from "../domain/school-kind";

/*
 * The school search port (docs/schools.md): find a school by name, place or
 * URN as the person types. Two implementations live beside it (SQLite FTS5,
 * PostgreSQL full text); create-school-search.ts picks one for the database.
 */


export interface SchoolHit {
  constituentId: number;
  name: string;
  /** The name, HTML-escaped, with <mark>…</mark> around the words that matched. */
  highlightedName: string;
  URN: string | null;
  /** The pathway key the wizard uses: state, independent-school or international. */
  type: SchoolType;
  addressLine1: string;
  addressLine2: string;
  addressLine3: string;
  city: string;
  postalCode: string;
}

export interface SchoolSearch {
  /** The best `limit` schools for the query text, an exact URN first. */
  find(text: string, limit: number): Promise<SchoolHit[]>;
}
