import { http } from "../lib/http";
import { LatestRequest } from "../lib/latest-request";
import { readSchoolHits, schoolSearchQuery, type SchoolHit } from "./school-hits";

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
 * (widgets/lib/latest-request.ts).
 */
export class SchoolSearcher {
  private readonly latest: LatestRequest<string, SchoolHit[]>;

  constructor(private readonly listener: SchoolSearchListener) {
    this.latest = new LatestRequest({
      delayMs: SCHOOL_SEARCH_DEBOUNCE_MS,
      send: async (query, signal) => readSchoolHits(await http.get<unknown>("/account/school-search/", { query: { query }, signal })),
      answered: (hits) => listener.answered(hits),
      failed: (error) => {
        console.error("The school search failed.", error);
        listener.failed();
      },
    });
  }

  textChanged(text: string): void {
    const query = schoolSearchQuery(text);
    if (query === null) {
      this.cancel();
      this.listener.cleared();
      return;
    }
    this.latest.request(query);
  }

  /** Drops whatever is waiting or in flight (a choice, a reset, unmount). */
  cancel(): void {
    this.latest.cancel();
  }
}
