import { eventUrl } from "../shared/content-urls";
import { formatLondonTime, toLondonIsoString } from "../shared/london-time";
import type { InstanceRow } from "./instance-repository";
import { availabilityLabelOf, performanceAvailabilityOf } from "../domain/performance-availability";

/** What templates/partials/calendar-entry.njk shows for one instance. */
export interface CalendarEntry {
  id: number;
  title: string;
  url: string;
  /** ISO 8601 with London's offset, for <time datetime>. */
  startIso: string;
  endIso: string;
  /** "7.30pm", "midday": London time in the house style. */
  startLabel: string;
  endLabel: string;
  venue: string;
  accessType: string | null;
  /** "Few seats left", "Sold out", from the content; null when it says nothing. */
  availabilityLabel: string | null;
  /**
   * Ended before the page was asked for: only the server-rendered week sets
   * it (the instances API's answers are kept whatever the time, and the
   * enhanced calendar marks past entries itself against the page's clock).
   */
  past?: boolean;
}

export function calendarEntryOf(row: InstanceRow): CalendarEntry {
  return {
    id: row.id,
    title: row.event_title,
    url: eventUrl(row.event_slug),
    startIso: toLondonIsoString(row.starts_at),
    endIso: toLondonIsoString(row.ends_at),
    startLabel: formatLondonTime(row.starts_at),
    endLabel: formatLondonTime(row.ends_at),
    venue: row.venue_label,
    accessType: row.access_type_label,
    availabilityLabel: availabilityLabelOf(performanceAvailabilityOf(row.availability)),
  };
}
