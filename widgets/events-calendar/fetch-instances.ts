import { http } from "../lib/http";
import { calendarEventsOf, FETCH_FAILED_MESSAGE, type CalendarEvent } from "./calendar-events";
import { instanceQueryFor, type InstanceFilters } from "./instance-request";

/**
 * The instances in FullCalendar's visible range. Any failure (a non-OK
 * status, no answer, an answer without items) becomes one Error with the
 * spec's message, the original kept as its cause.
 */
export async function fetchCalendarEvents(
  apiUrl: string,
  range: { start: Date; end: Date },
  filters: InstanceFilters,
): Promise<CalendarEvent[]> {
  const query = instanceQueryFor(range, filters).toString();
  const url = `${apiUrl}${apiUrl.includes("?") ? "&" : "?"}${query}`;
  try {
    return calendarEventsOf(await http.get<unknown>(url));
  } catch (cause) {
    throw new Error(FETCH_FAILED_MESSAGE, { cause });
  }
}
