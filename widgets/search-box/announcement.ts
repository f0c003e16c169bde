import type { SearchBoxStrings } from "./parse";

/**
 * What the polite live region says once an answer arrives: "1 suggestion
 * available", "N suggestions available" or "No suggestions" (each
 * overridable; `{count}` is replaced by the number).
 */
export function suggestionsAnnouncement(count: number, strings: SearchBoxStrings): string {
  if (count === 0) return strings.noSuggestions;
  if (count === 1) return strings.oneSuggestion.replaceAll("{count}", "1");
  return strings.manySuggestions.replaceAll("{count}", String(count));
}
