import type { Selectable } from "kysely";
import type { Database } from "../../db/schema";
import { schoolTermsOf } from "./school-words";

/*
 * What the school search modules share (pure): the query's terms, which key
 * the answer cache ("St Mary's" and "st marys" share one), and the row read
 * back from the register.
 */

export interface SchoolQuery {
  terms: string[];
}

export function schoolQueryOf(text: string): SchoolQuery {
  return { terms: schoolTermsOf(text) };
}

/** The register's row as search reads it (migration 0011). */
export type SchoolRow = Omit<Selectable<Database["schools"]>, "updated_at">;
