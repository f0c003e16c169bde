/*
 * What the calendar asks the instances API for: the fields it shows, the
 * visible London days and the page's own filters. Pure, so it is tested
 * without a browser.
 */

/** The page's query-string filters that the API takes under the same name. */
export const COPIED_FILTERS = ["event_type", "genre", "season", "series", "venue", "access_type"] as const;

/** The page's title search field, sent to the API as event_title. */
export const TITLE_SEARCH_PARAMETER = "search";

export const INSTANCE_FIELDS = "_,id,start_datetime,end_datetime,calendar_html";

export type InstanceFilters = Record<string, string[]>;

/** The filters in a page address's query string (`location.search`); empty values are left out. */
export function filtersFromSearch(search: string): InstanceFilters {
  const params = new URLSearchParams(search);
  const filters: InstanceFilters = {};
  const copy = (from: string, to: string) => {
    const values = params
      .getAll(from)
      .map((value) => value.trim())
      .filter((value) => value !== "");
    if (values.length > 0) filters[to] = values;
  };
  copy(TITLE_SEARCH_PARAMETER, "event_title");
  for (const name of COPIED_FILTERS) copy(name, name);
  return filters;
}

function pad2(value: number): string {
  return String(value).padStart(2, "0");
}

/** A Date's calendar day as YYYY-MM-DD, read in the browser's own time zone (as FullCalendar's visible range is). */
export function formatCalendarDate(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/**
 * The API's query for FullCalendar's visible range: `end` is exclusive
 * (the Monday after), the API's end_date inclusive (the Sunday).
 */
export function instanceQueryFor(range: { start: Date; end: Date }, filters: InstanceFilters): URLSearchParams {
  const lastDay = new Date(range.end.getFullYear(), range.end.getMonth(), range.end.getDate() - 1);
  const params = new URLSearchParams({
    fields: INSTANCE_FIELDS,
    start_date: formatCalendarDate(range.start),
    end_date: formatCalendarDate(lastDay),
  });
  for (const [name, values] of Object.entries(filters)) {
    for (const value of values) params.append(name, value);
  }
  return params;
}
