import { withoutControlCharacters } from "../domain/text-input";
import type { FieldErrors } from "../shared/errors";
import { SEARCH_KINDS, type SearchKind } from "./search-port";
import { MAX_QUERY_LENGTH, searchTermsOf } from "./search-terms";

/** The message for text past the longest accepted (JSON errors and the results page). */
function queryTooLong(maxLength: number): string {
  return `Search text must be ${maxLength} characters or fewer.`;
}

export type ParsedSearchText =
  | { ok: true; text: string; terms: string[] }
  | { ok: false; text: string; errors: FieldErrors };

/**
 * A query-string value as search text: missing means empty; more than one
 * value, or more than `maxLength` characters (code points, MAX_QUERY_LENGTH
 * unless given), is an error under `field`. Control characters read as
 * spaces and the text is composed to NFC (server/domain/text-input.ts):
 * search stores nothing, so it cleans rather than refuses. Pure.
 */
export function parseSearchText(value: unknown, field: string, maxLength = MAX_QUERY_LENGTH): ParsedSearchText {
  if (value === undefined) return { ok: true, text: "", terms: [] };
  if (typeof value !== "string") return { ok: false, text: "", errors: { [field]: ["Send the search text once, as plain text."] } };
  if ([...value].length > maxLength) return { ok: false, text: value, errors: { [field]: [queryTooLong(maxLength)] } };
  const text = withoutControlCharacters(value).normalize("NFC");
  return { ok: true, text, terms: searchTermsOf(text) };
}

/** `?page=`: a whole number from 1; anything else is page 1. */
export function parsePageNumber(value: unknown): number {
  if (typeof value !== "string" || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** `?type=`: event, resource or page; anything else (or nothing) is every type. */
export function parseSearchKind(value: unknown): SearchKind | undefined {
  return SEARCH_KINDS.find((kind) => kind === value);
}
