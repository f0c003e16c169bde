import { debounce, type Debounced } from "../lib/debounce";
import { http } from "../lib/http";
import { readSuggestions, suggestionQuery, suggestionUrl, type SearchSuggestion } from "./suggestion-request";

/** Public-site spec, section 9: autocomplete debounce is 300 ms. */
export const suggestionDebounceMs = 300;

export interface SuggestionListener {
  /** A fresh answer for the latest text. */
  suggestionsArrived(suggestions: SearchSuggestion[]): void;
  /** The text is empty or whitespace only, or the latest request failed: no list. */
  cleared(): void;
}

/**
 * Suggestions for the text being typed (spec, sections 4, 5, 8 and 9).
 *
 * - A request goes out after 300 ms without a change; blank text sends none,
 *   cancels what is waiting or in flight and clears the list at once.
 * - Only the newest request may answer: each one gets a sequence number and
 *   aborts the one before, so a slow, stale response never overwrites a
 *   newer one, even when the abort comes too late to stop it.
 * - Failures (non-OK, network, unreadable answer) go to the console only and
 *   clear the list, whose suggestions belonged to older text.
 */
export class SuggestionFetcher {
  private sequence = 0;
  private inFlight: AbortController | null = null;
  private readonly waiting: Debounced<[string]>;

  constructor(
    private readonly autocompleteUrl: string,
    private readonly listener: SuggestionListener,
  ) {
    this.waiting = debounce((query: string) => void this.fetch(query), suggestionDebounceMs);
  }

  textChanged(text: string): void {
    const query = suggestionQuery(text);
    if (query === null) {
      this.cancel();
      this.listener.cleared();
      return;
    }
    this.waiting(query);
  }

  /** Drops whatever is waiting or in flight (Escape, a chosen suggestion, unmount). */
  cancel(): void {
    this.waiting.cancel();
    this.supersede();
  }

  private supersede(): void {
    this.sequence += 1;
    this.inFlight?.abort();
    this.inFlight = null;
  }

  private async fetch(query: string): Promise<void> {
    this.supersede();
    const mine = this.sequence;
    const controller = new AbortController();
    this.inFlight = controller;
    try {
      const body = await http.get<unknown>(suggestionUrl(this.autocompleteUrl, query), { signal: controller.signal });
      if (mine !== this.sequence) return;
      this.listener.suggestionsArrived(readSuggestions(body));
    } catch (error) {
      if (mine !== this.sequence) return; // superseded or cancelled, which is not a failure
      console.error("Search suggestions could not be loaded.", error);
      this.listener.cleared();
    } finally {
      if (this.inFlight === controller) this.inFlight = null;
    }
  }
}
