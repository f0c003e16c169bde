import { daysBetween } from "../shared/london-time";
import { EVENT_TAXONOMIES, type EventTaxonomy } from "./event-taxonomies";
import { calendarDateProblem } from "./calendar-dates";
import { parseInstanceFields, type InstanceField } from "./instance-fields";

/*
 * The instances API's query string, read and checked without any I/O. The
 * What's On page reads its filters with the same rules (with `search` for the title).
 */

/** The most days one request may cover, counting both start_date and end_date. */
export const MAX_RANGE_DAYS = 93;

/** What instances to list: taxonomy filters hold term slugs; several values of one taxonomy match any of them. */
export interface InstanceFilters {
  /** Case-insensitive substring of the event's title. */
  eventTitle?: string;
  terms: Partial<Record<EventTaxonomy, string[]>>;
}

export interface InstanceQuery {
  fields: InstanceField[];
  /** London calendar dates, both inclusive. */
  startDate: string;
  endDate: string;
  filters: InstanceFilters;
}

/** `{ parameter: [messages] }`, as the API's `errors`. */
export type ParameterErrors = Record<string, string[]>;

export type InstanceQueryResult = { ok: true; query: InstanceQuery } | { ok: false; errors: ParameterErrors };

/** A query-string value as a list of strings: `?a=1&a=2` gives two; nested objects give none. */
export function queryValues(raw: unknown): string[] {
  if (typeof raw === "string") return [raw];
  if (Array.isArray(raw)) return raw.filter((value): value is string => typeof value === "string");
  return [];
}

function nonEmptyValues(raw: unknown): string[] {
  return [...new Set(queryValues(raw).map((value) => value.trim()).filter((value) => value !== ""))];
}

/** More slugs than any taxonomy has is a hand-made address: the rest are ignored, so a query never filters on thousands (issue 22). */
const MAX_TERMS_PER_TAXONOMY = 50;

/** The filters in a query string; `titleParameter` is "event_title" for the API and "search" for the page form. */
export function parseInstanceFilters(query: Record<string, unknown>, titleParameter: string): InstanceFilters {
  const terms: InstanceFilters["terms"] = {};
  for (const taxonomy of EVENT_TAXONOMIES) {
    const slugs = nonEmptyValues(query[taxonomy]).slice(0, MAX_TERMS_PER_TAXONOMY);
    if (slugs.length > 0) terms[taxonomy] = slugs;
  }
  const eventTitle = nonEmptyValues(query[titleParameter])[0];
  return eventTitle === undefined ? { terms } : { eventTitle, terms };
}

function readDate(query: Record<string, unknown>, parameter: string, errors: ParameterErrors): string | undefined {
  const values = queryValues(query[parameter]);
  const problem =
    values.length === 0 || values[0]?.trim() === ""
      ? `Give ${parameter} as a date in the form YYYY-MM-DD, for example 2026-11-23.`
      : values.length > 1
        ? `Give ${parameter} only once.`
        : calendarDateProblem(values[0] ?? "", parameter);
  if (problem) {
    errors[parameter] = [problem];
    return undefined;
  }
  return values[0];
}

function readFields(query: Record<string, unknown>, errors: ParameterErrors): InstanceField[] | undefined {
  const values = queryValues(query.fields);
  if (values.length > 1) {
    errors.fields = ["Give fields only once, as one comma-separated list, for example fields=_,id,start_datetime."];
    return undefined;
  }
  const result = parseInstanceFields(values[0]);
  if (result.ok) return result.fields;
  errors.fields = [result.message];
  return undefined;
}

/** Checks every parameter at once, so one answer lists every problem. */
export function parseInstanceQuery(query: Record<string, unknown>): InstanceQueryResult {
  const errors: ParameterErrors = {};
  const fields = readFields(query, errors);
  const startDate = readDate(query, "start_date", errors);
  const endDate = readDate(query, "end_date", errors);
  if (startDate && endDate) {
    const days = daysBetween(startDate, endDate) + 1;
    if (days < 1) {
      errors.end_date = ["end_date must be the same as start_date or later."];
    } else if (days > MAX_RANGE_DAYS) {
      errors.end_date = [
        `Ask for at most ${MAX_RANGE_DAYS} days at once: end_date can be at most ${MAX_RANGE_DAYS - 1} days after start_date.`,
      ];
    }
  }
  if (!fields || !startDate || !endDate || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, query: { fields, startDate, endDate, filters: parseInstanceFilters(query, "event_title") } };
}
