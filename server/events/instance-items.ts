import { eventUrl } from "../shared/content-urls";
import { calendarEntryOf, type CalendarEntry } from "./calendar-entry";
import type { RenderCalendarEntry } from "./calendar-entry-renderer";
import type { InstanceField } from "./instance-fields";
import type { InstanceRow } from "./instance-repository";

/** A taxonomy term as the API shows it. */
export interface TermValue {
  slug: string;
  label: string;
}

/** One item of the instances API's `items`: the asked-for fields only. */
export type InstanceItem = Partial<{
  id: number;
  start_datetime: string;
  end_datetime: string;
  event_id: number;
  event_title: string;
  event_url: string;
  venue: TermValue;
  access_type: TermValue | null;
  calendar_html: string;
}>;

/** The row, and its London times worked out once for every field that shows them. */
interface RowValues {
  row: InstanceRow;
  entry: CalendarEntry;
}

type FieldValue = (values: RowValues, render: RenderCalendarEntry) => InstanceItem[InstanceField];

/** How each field is made; only asked-for fields are computed (calendar_html is the costly one). */
const fieldValues: Record<InstanceField, FieldValue> = {
  id: ({ row }) => row.id,
  start_datetime: ({ entry }) => entry.startIso,
  end_datetime: ({ entry }) => entry.endIso,
  event_id: ({ row }) => row.event_id,
  event_title: ({ row }) => row.event_title,
  event_url: ({ row }) => eventUrl(row.event_slug),
  venue: ({ row }) => ({ slug: row.venue_slug, label: row.venue_label }),
  access_type: ({ row }) =>
    row.access_type_slug === null ? null : { slug: row.access_type_slug, label: row.access_type_label ?? row.access_type_slug },
  calendar_html: ({ entry }, render) => render(entry),
};

export function instanceItemOf(row: InstanceRow, fields: readonly InstanceField[], render: RenderCalendarEntry): InstanceItem {
  const values = { row, entry: calendarEntryOf(row) };
  const item: Record<string, unknown> = {};
  for (const field of fields) item[field] = fieldValues[field](values, render);
  return item as InstanceItem;
}
