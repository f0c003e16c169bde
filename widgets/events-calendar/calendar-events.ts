/** One item of the instances API's answer, with the fields the calendar asks for. */
export interface InstanceItem {
  id: number | string;
  start_datetime: string;
  end_datetime: string;
  calendar_html: string;
}

/** What FullCalendar is given for each instance. */
export interface CalendarEvent {
  id: string;
  start: string;
  end: string;
  extendedProps: { calendarHtml: string };
}

/** The "Past" marker after an entry's markup, as templates/macros/calendar.njk writes it. */
export const PAST_MARKER_CLASS = "events-calendar__past";

/** An entry's markup with the "Past" marker after it; the label is escaped as text. */
export function withPastMarker(html: string, label: string, document: Document): string {
  const marker = document.createElement("p");
  marker.className = PAST_MARKER_CLASS;
  const tag = marker.appendChild(document.createElement("span"));
  tag.className = "tag tag--outline";
  tag.textContent = label;
  return `${html}${marker.outerHTML}`;
}

/** The message the spec gives when the instances call fails (section 8). */
export const FETCH_FAILED_MESSAGE = "Could not fetch instances.";

// "2026-07-04T19:30:00+01:00": the first 19 characters are the London wall-clock time.
const LOCAL_DATE_TIME_LENGTH = 19;

/**
 * The API's London datetimes without their offset: FullCalendar then reads
 * them as wall-clock times, so every visitor sees the venue's days and times
 * whatever their own time zone, matching the server-rendered list.
 */
export function calendarEventOf(item: InstanceItem): CalendarEvent {
  return {
    id: String(item.id),
    start: item.start_datetime.slice(0, LOCAL_DATE_TIME_LENGTH),
    end: item.end_datetime.slice(0, LOCAL_DATE_TIME_LENGTH),
    extendedProps: { calendarHtml: item.calendar_html },
  };
}

/** Reads `{ items: [...] }`; throws on anything else. */
export function calendarEventsOf(body: unknown): CalendarEvent[] {
  const items = (body as { items?: unknown } | null | undefined)?.items;
  if (!Array.isArray(items)) throw new TypeError("The instances answer has no items list.");
  return (items as InstanceItem[]).map(calendarEventOf);
}
