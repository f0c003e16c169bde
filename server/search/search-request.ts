import type { FieldErrors } from "../shared/errors";
import { MAX_QUERY_LENGTH, searchTermsOf } from "./search-terms";

/** The message for text past MAX_QUERY_LENGTH (JSON errors and the results page). */
export const QUERY_TOO_LONG = `Search text must be ${MAX_QUERY_LENGTH} characters or fewer.`;

export type ParsedSearchText =
  | { ok: true; text: string; terms: string[] }
  | { ok: false; text: string; errors: FieldErrors };

/**
 * A query-string value as search text: missing means empty; more than one
 * value, or more than MAX_QUERY_LENGTH characters (code points), is an error
 * under `field`. Pure.
 */
export function parseSearchText(value: unknown, field: string): ParsedSearchText {
  if (value === undefined) return { ok: true, text: "", terms: [] };
  if (typeof value !== "string") return { ok: false, text: "", errors: { [field]: ["Send the search text once, as plain text."] } };
  if ([...value].length > MAX_QUERY_LENGTH) return { ok: false, text: value, errors: { [field]: [QUERY_TOO_LONG] } };
  return { ok: true, text: value, terms: searchTermsOf(value) };
}

/** `?page=`: a whole number from 1; anything else is page 1. */
export function parsePageNumber(value: unknown): number {
  if (typeof value !== "string" || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}
