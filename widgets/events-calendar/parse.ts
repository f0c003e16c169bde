import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";
import type { CalendarEvent } from "./calendar-events";
import { filtersFromSearch, type InstanceFilters } from "./instance-request";
import { serverWeekEvents } from "./server-week";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type EventsCalendarStrings = {
  previousLabel: string;
  nextLabel: string;
  todayLabel: string;
  /** Shown in place of the list when the week has nothing on. */
  noEventsLabel: string;
  /** Read out after each week loads; {title} and {count} are filled in. */
  loadedLabel: string;
  /** Marks an entry that ended before `now`. */
  pastLabel: string;
};

export const defaultEventsCalendarStrings: EventsCalendarStrings = {
  previousLabel: "Previous week",
  nextLabel: "Next week",
  todayLabel: "This week",
  noEventsLabel: "Nothing is on this week. Try the next week.",
  loadedLabel: "{title}. Events: {count}.",
  pastLabel: "Past",
};

export const DEFAULT_INSTANCES_API_URL = "/api/attendable/v1/instances/";

export interface EventsCalendarProps {
  /** 'YYYY-MM-DD': the calendar opens on the week holding it. */
  initialDate: string;
  apiUrl: string;
  /** The page's query-string filters, as the API names them. */
  filters: InstanceFilters;
  /** Keep the shown week in the address (?date=), so Back and reload return to it. */
  rememberWeek: boolean;
  /** The first week's entries, read from the server's list: shown without asking the API. */
  initialEvents: CalendarEvent[];
  /** The server's clock when the page was made (London wall-clock 'YYYY-MM-DDTHH:MM:SS'): entries ended by then are past. Absent: the visitor's clock. */
  now?: string;
  strings: EventsCalendarStrings;
}

const calendarSchema = {
  initialDate: { type: "string", default: "" },
  apiUrl: { type: "string", default: DEFAULT_INSTANCES_API_URL },
  rememberWeek: { type: "boolean", default: false },
  now: { type: "string", default: "" },
} as const;

const wallClockPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/**
 * Reads `data-widget="events-calendar"`: `data-initial-date` (required),
 * `data-api-url`, `data-remember-week`, `data-now` and `data-i18n-*`; the filters come
 * from the page address, the first week's entries from the server's list.
 */
export function parseEventsCalendar(root: HTMLElement): EventsCalendarProps {
  const options = readOptions(root, calendarSchema);
  const initialDate = options.initialDate.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(initialDate) || Number.isNaN(Date.parse(`${initialDate}T00:00:00Z`))) {
    throw new WidgetConfigError(
      `data-initial-date must be a date written YYYY-MM-DD, e.g. data-initial-date="2026-11-23", got "${options.initialDate}"`,
    );
  }
  const apiUrl = options.apiUrl.trim();
  if (apiUrl === "") throw new WidgetConfigError('data-api-url must not be empty; leave it out for "/api/attendable/v1/instances/"');
  const now = options.now.trim();
  if (now !== "" && (!wallClockPattern.test(now) || Number.isNaN(Date.parse(now)))) {
    throw new WidgetConfigError(`data-now must be a London wall-clock time written YYYY-MM-DDTHH:MM:SS, e.g. data-now="2026-11-23T19:30:00", got "${options.now}"`);
  }
  return {
    initialDate,
    apiUrl,
    filters: filtersFromSearch(root.ownerDocument.defaultView?.location.search ?? ""),
    rememberWeek: options.rememberWeek,
    initialEvents: serverWeekEvents(root),
    ...(now ? { now } : {}),
    strings: readI18n(root, defaultEventsCalendarStrings),
  };
}
