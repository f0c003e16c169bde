import { http } from "../lib/http";
import { TypeaheadRequest } from "../lib/latest-request";
import type { SchoolHit } from "../../contracts/shapes/schools";
import { readSchoolHits, schoolSearchQuery } from "./school-hits";

/** The pause after the last keystroke before a search goes out. */
export const SCHOOL_SEARCH_DEBOUNCE_MS = 300;

export interface SchoolSearchListener {
  /** The answer for the latest text (possibly no hits). */
  answered(hits: SchoolHit[]): void;
  /** The text is blank: no list, nothing said. */
  cleared(): void;
  /** The latest search failed. */
  failed(): void;
}

/**
 * GET /account/school-search/?query= for the text being typed: one request
 * 300 ms after the last change; only the newest request may answer
 * (widgets/lib/latest-request.ts). `cancel()` on a choice, a reset, unmount.
 */
export class SchoolSearcher extends TypeaheadRequest<SchoolHit[]> {
  constructor(listener: SchoolSearchListener) {
    super({
      delayMs: SCHOOL_SEARCH_DEBOUNCE_MS,
      queryOf: schoolSearchQuery,
      send: async (query, signal) => readSchoolHits(await http.get<unknown>("/account/school-search/", { query: { query }, signal })),
      answered: (hits) => listener.answered(hits),
      cleared: () => listener.cleared(),
      failed: (error) => {
        console.error("The school search failed.", error);
        listener.failed();
      },
    });
  }
}
