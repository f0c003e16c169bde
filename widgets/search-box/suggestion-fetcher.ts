import { http } from "../lib/http";
import { TypeaheadRequest } from "../lib/latest-request";
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
 * - Only the newest request may answer (widgets/lib/latest-request.ts), so a
 *   slow, stale response never overwrites a newer one.
 * - Failures (non-OK, network, unreadable answer) go to the console only and
 *   clear the list, whose suggestions belonged to older text.
 * - `cancel()` on Escape, a chosen suggestion, unmount.
 */
export class SuggestionFetcher extends TypeaheadRequest<SearchSuggestion[]> {
  constructor(autocompleteUrl: string, listener: SuggestionListener) {
    super({
      delayMs: suggestionDebounceMs,
      queryOf: suggestionQuery,
      send: async (query, signal) => readSuggestions(await http.get<unknown>(suggestionUrl(autocompleteUrl, query), { signal })),
      answered: (suggestions) => listener.suggestionsArrived(suggestions),
      cleared: () => listener.cleared(),
      failed: (error) => {
        console.error("Search suggestions could not be loaded.", error);
        listener.cleared();
      },
    });
  }
}
