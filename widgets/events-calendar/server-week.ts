import { WidgetConfigError } from "../lib/options";
import { calendarEventOf, PAST_MARKER_CLASS, type CalendarEvent } from "./calendar-events";

/**
 * The week the server already shows, as calendar events: each entry's
 * `<time datetime>` pair and its markup (the same partial the API's
 * calendar_html comes from). FullCalendar's first render shows exactly these,
 * so the list never empties while the API is asked again, and nothing on the
 * page moves when the widget takes over. The server's "Past" marker is left
 * out: the calendar marks past entries itself (EventsCalendar's renderEntry).
 */
function withoutPastMarker(entry: HTMLElement): HTMLElement {
  const copy = entry.cloneNode(true) as HTMLElement;
  copy.querySelector(`.${PAST_MARKER_CLASS}`)?.remove();
  return copy;
}

export function serverWeekEvents(root: HTMLElement): CalendarEvent[] {
  return Array.from(root.querySelectorAll<HTMLElement>(".events-calendar__entry"), (entry, index) => {
    const [start, end] = Array.from(entry.querySelectorAll("time[datetime]"), (time) => time.getAttribute("datetime") ?? "");
    if (!start || !end) {
      throw new WidgetConfigError(
        `entry ${index + 1} of the week list needs two <time datetime> elements (start and end), as partials/calendar-entry.njk writes`,
      );
    }
    return calendarEventOf({
      id: entry.getAttribute("data-instance-id") ?? `server-${index + 1}`,
      start_datetime: start,
      end_datetime: end,
      calendar_html: withoutPastMarker(entry).innerHTML.trim(),
    });
  });
}
