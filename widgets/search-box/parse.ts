import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type SearchBoxStrings = {
  /** The suggestion list's accessible name. */
  suggestionsLabel: string;
  /** Live-region words; `{count}` is replaced by the number of suggestions. */
  oneSuggestion: string;
  manySuggestions: string;
  noSuggestions: string;
};

export const searchBoxDefaultStrings: SearchBoxStrings = {
  suggestionsLabel: "Search suggestions",
  oneSuggestion: "{count} suggestion available",
  manySuggestions: "{count} suggestions available",
  noSuggestions: "No suggestions",
};

export type SearchBoxVariant = "header" | "page";

export interface SearchBoxProps {
  variant: SearchBoxVariant;
  autocompleteUrl: string;
  /** The server form's action and search landmark name, kept so the enhanced form submits and reads the same. */
  action: string;
  landmarkLabel: string;
  inputId: string;
  inputName: string;
  /** What the field held when the widget mounted (the server's query, or text typed before mounting). */
  query: string;
  /** The visitor was typing in the field before the widget mounted (it mounts on first interaction): ask for suggestions at once. */
  typedBeforeMount: boolean;
  placeholder: string;
  label: string;
  submitLabel: string;
  strings: SearchBoxStrings;
}

const searchBoxOptions = {
  variant: { type: "enum", values: ["header", "page"], default: "page" },
  autocompleteUrl: { type: "string", default: "/search/autocomplete/" },
} as const;

/**
 * Reads `data-widget="search-box"` (templates/macros/search-box.njk): the
 * server's GET form, its labelled search input and submit button, plus
 * data-variant, data-autocomplete-url and data-i18n-* overrides. The visible
 * words come from the markup, so a page in another language keeps them.
 */
export function parseSearchBox(root: HTMLElement): SearchBoxProps {
  const form = root.querySelector<HTMLFormElement>(":scope > form");
  const input = form?.querySelector<HTMLInputElement>("input[type='search'][name], input[type='text'][name]");
  if (!form || !input) {
    throw new WidgetConfigError(
      'search-box needs a direct child <form role="search" action="/search/"> holding an <input type="search" name="q"> (use the searchBox macro)',
    );
  }
  if (!input.id) throw new WidgetConfigError("search-box needs an id on its search input (its label and suggestion list refer to it)");
  const label = Array.from(form.querySelectorAll("label")).find((candidate) => candidate.htmlFor === input.id);
  const options = readOptions(root, searchBoxOptions);
  return {
    variant: options.variant as SearchBoxVariant,
    autocompleteUrl: options.autocompleteUrl.trim() || "/search/autocomplete/",
    action: form.getAttribute("action") || "/search/",
    landmarkLabel: form.getAttribute("aria-label") ?? "",
    inputId: input.id,
    inputName: input.name,
    query: input.value,
    typedBeforeMount: input.value !== input.defaultValue && input.ownerDocument.activeElement === input,
    placeholder: input.placeholder,
    label: label?.textContent?.trim() || "Search the site",
    submitLabel: form.querySelector("button[type='submit']")?.textContent?.trim() || "Search",
    strings: readI18n(root, searchBoxDefaultStrings),
  };
}
