import { eventUrl } from "../shared/content-urls";
import { formatLondonTime, toLondonIsoString } from "../shared/london-time";
import type { InstanceRow } from "./instance-repository";

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
  };
}
