import { EVENT_TAXONOMIES, EVENT_TAXONOMY_LABELS, type EventTaxonomy } from "./event-taxonomies";
import { calendarDateProblem, mondayOf, parseCalendarDate } from "./calendar-dates";
import { parseInstanceFilters, queryValues, type InstanceFilters, type ParameterErrors } from "./instance-query";
import type { TermValue } from "./instance-items";

/*
 * The What's On page's query string: the filter form's fields (`search` and a
 * select per taxonomy) and `date`, any day of the week to show. Pure: the
 * route passes in today's London date.
 */

export const WHATS_ON_PATH = "/whats-on/";

export interface WhatsOnRequest {
  /** The Monday of the week to show. */
  monday: string;
  /** The Monday of today's week in London: the "This week" link is offered on any other week. */
  thisMonday: string;
  /** The `date` asked for, when it was a real date; kept in the filter form so filtering stays on the week. */
  date?: string;
  /** True when `date` was given but could not be read (the page then shows this week and says so). */
  unreadableDate: boolean;
  filters: InstanceFilters;
}

/** A real date outside the range the site reads is refused (400); one that is not a date at all shows this week. */
export type WhatsOnQueryResult = { ok: true; request: WhatsOnRequest } | { ok: false; errors: ParameterErrors };

export function parseWhatsOnQuery(query: Record<string, unknown>, today: string): WhatsOnQueryResult {
  const asked = queryValues(query.date)[0]?.trim() || undefined;
  const date = parseCalendarDate(asked);
  const problem = date === undefined ? undefined : calendarDateProblem(date, "date");
  if (problem) return { ok: false, errors: { date: [problem] } };
  return {
    ok: true,
    request: {
      monday: mondayOf(date ?? today),
      thisMonday: mondayOf(today),
      ...(date ? { date } : {}),
      unreadableDate: asked !== undefined && date === undefined,
      filters: parseInstanceFilters(query, "search"),
    },
  };
}

/** This week's programme, unfiltered: the pattern library's calendar page. */
export function thisWeekRequest(today: string): WhatsOnRequest {
  return { monday: mondayOf(today), thisMonday: mondayOf(today), unreadableDate: false, filters: { terms: {} } };
}

/** The page's address for a week, keeping the filters (`search` for the title). */
export function whatsOnUrl(filters: InstanceFilters, date?: string): string {
  const params = new URLSearchParams();
  if (filters.eventTitle !== undefined) params.append("search", filters.eventTitle);
  for (const taxonomy of EVENT_TAXONOMIES) {
    for (const slug of filters.terms[taxonomy] ?? []) params.append(taxonomy, slug);
  }
  if (date) params.append("date", date);
  const query = params.toString();
  return query ? `${WHATS_ON_PATH}?${query}` : WHATS_ON_PATH;
}

export function hasFilters(filters: InstanceFilters): boolean {
  return activeFilterCount(filters) > 0;
}

/** The fields of the filter form in use (the title, and each select with a choice): the "Filter (N)" number. */
export function activeFilterCount(filters: InstanceFilters): number {
  const selectsInUse = Object.values(filters.terms).filter((slugs) => slugs !== undefined && slugs.length > 0).length;
  return (filters.eventTitle !== undefined ? 1 : 0) + selectsInUse;
}

/** The "any" choice at the top of each select. */
const ANY_TERM_LABELS: Record<EventTaxonomy, string> = {
  event_type: "All event types",
  genre: "All genres",
  season: "All seasons",
  series: "All series",
  venue: "All venues",
  access_type: "All performances",
};

export interface FilterSelect {
  name: EventTaxonomy;
  label: string;
  anyLabel: string;
  options: (TermValue & { selected: boolean })[];
}

/** A select per taxonomy that has terms, with the filtered term selected. */
export function filterSelectsOf(terms: Record<EventTaxonomy, TermValue[]>, filters: InstanceFilters): FilterSelect[] {
  return EVENT_TAXONOMIES.filter((taxonomy) => terms[taxonomy].length > 0).map((taxonomy) => {
    const selected = filters.terms[taxonomy]?.[0];
    return {
      name: taxonomy,
      label: EVENT_TAXONOMY_LABELS[taxonomy],
      anyLabel: ANY_TERM_LABELS[taxonomy],
      options: terms[taxonomy].map((term) => ({ ...term, selected: term.slug === selected })),
    };
  });
}
