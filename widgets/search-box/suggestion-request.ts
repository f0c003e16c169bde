/** A suggestion as the widget shows it (public-site spec, section 3: objectID, title, url, excerpt, image?). */
export interface SearchSuggestion {
  objectID: string;
  title: string;
  url: string;
  /** HTML-escaped text with only <mark> and </mark> inserted; see widgets/lib/excerpt-parts.ts. */
  excerpt: string;
  image: string | null;
}

/** The text worth asking about, or null for empty / whitespace-only input, which sends no request (spec 4, 5). */
export function suggestionQuery(text: string): string | null {
  const query = text.trim();
  return query === "" ? null : query;
}

/**
 * `GET <autocomplete-url>?query=<text>`, the text encoded with
 * encodeURIComponent (spaces as %20, `&` and `#` escaped), appended with `&`
 * when the configured URL already has a query string.
 */
export function suggestionUrl(autocompleteUrl: string, query: string): string {
  const separator = autocompleteUrl.includes("?") ? "&" : "?";
  return `${autocompleteUrl}${separator}query=${encodeURIComponent(query)}`;
}

/** The answer was not `{ hits: [...] }`: the widget logs it like any other failure. */
export class SuggestionResponseError extends Error {
  override name = "SuggestionResponseError";
}

/**
 * Reads `{ hits: [...] }`. Hits that lack a title or a usable url are
 * skipped rather than failing the whole list; a url or image that is not a
 * same-site path or an http(s) address (a `javascript:` url, say) makes the
 * hit unusable or drops the image.
 */
export function readSuggestions(body: unknown): SearchSuggestion[] {
  if (!isRecord(body) || !Array.isArray(body.hits)) {
    throw new SuggestionResponseError("The autocomplete answer has no hits array");
  }
  const suggestions: SearchSuggestion[] = [];
  for (const hit of body.hits) {
    const suggestion = readHit(hit);
    if (suggestion) suggestions.push(suggestion);
  }
  return suggestions;
}

function readHit(hit: unknown): SearchSuggestion | null {
  if (!isRecord(hit)) return null;
  const { objectID, title, url, excerpt, image } = hit;
  if (typeof title !== "string" || title.trim() === "" || typeof url !== "string" || !isSafeUrl(url)) return null;
  return {
    objectID: typeof objectID === "string" || typeof objectID === "number" ? String(objectID) : url,
    title,
    url,
    excerpt: typeof excerpt === "string" ? excerpt : "",
    image: typeof image === "string" && image !== "" && isSafeUrl(image) ? image : null,
  };
}

/** A path on this site (not a protocol-relative `//host`), or an absolute http(s) address. */
export function isSafeUrl(url: string): boolean {
  if (url.startsWith("/")) return !url.startsWith("//") && !url.startsWith("/\\");
  return /^https?:\/\//i.test(url);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
