import { debounce, type Debounced } from "../lib/debounce";
import { http } from "../lib/http";
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
 * 300 ms after the last change; only the newest request may answer (each
 * aborts the one before and carries a sequence number, so a slow, stale
 * answer never replaces a newer one).
 */
export class SchoolSearcher {
  private sequence = 0;
  private inFlight: AbortController | null = null;
  private readonly waiting: Debounced<[string]>;

  constructor(private readonly listener: SchoolSearchListener) {
    this.waiting = debounce((query: string) => void this.search(query), SCHOOL_SEARCH_DEBOUNCE_MS);
  }

  textChanged(text: string): void {
    const query = schoolSearchQuery(text);
    if (query === null) {
      this.cancel();
      this.listener.cleared();
      return;
    }
    this.waiting(query);
  }

  /** Drops whatever is waiting or in flight (a choice, a reset, unmount). */
  cancel(): void {
    this.waiting.cancel();
    this.sequence += 1;
    this.inFlight?.abort();
    this.inFlight = null;
  }

  private async search(query: string): Promise<void> {
    this.cancel();
    const mine = this.sequence;
    const controller = new AbortController();
    this.inFlight = controller;
    try {
      const body = await http.get<unknown>("/account/school-search/", { query: { query }, signal: controller.signal });
      if (mine !== this.sequence) return;
      this.listener.answered(readSchoolHits(body));
    } catch (error) {
      if (mine !== this.sequence) return; // superseded or cancelled, not a failure
      console.error("The school search failed.", error);
      this.listener.failed();
    } finally {
      if (this.inFlight === controller) this.inFlight = null;
    }
  }
}
