import type { Environment } from "nunjucks";
import type { CalendarEntry } from "./calendar-entry";

export const CALENDAR_ENTRY_TEMPLATE = "partials/calendar-entry.njk";

export type RenderCalendarEntry = (entry: CalendarEntry) => string;

/** Enough for a year of a large programme; past it the memory starts again, so it never grows without bound. */
const MAX_REMEMBERED_ENTRIES = 25_000;

/**
 * The instances API's calendar_html: the same partial the What's On page
 * includes for its list without JavaScript, rendered with the app's Nunjucks
 * environment (autoescaping on, templates compiled once and cached).
 *
 * With `remember`, each entry's markup is kept, keyed by everything it shows,
 * so a changed title or time renders afresh; a week of a busy programme is
 * then a few hundred lookups rather than renders. Leave it off while
 * templates are being edited (development), so a changed partial shows at once.
 */
/** Every value the partial shows, joined by a character none of them contains. */
function keyOf(entry: CalendarEntry): string {
  return [entry.id, entry.title, entry.url, entry.startIso, entry.endIso, entry.startLabel, entry.endLabel, entry.venue, entry.accessType ?? "", entry.availabilityLabel ?? ""].join("\u0000");
}

export function calendarEntryRenderer(views: Environment, options: { remember: boolean }): RenderCalendarEntry {
  const render: RenderCalendarEntry = (entry) => views.render(CALENDAR_ENTRY_TEMPLATE, { entry }).trim();
  if (!options.remember) return render;
  const remembered = new Map<string, string>();
  return (entry) => {
    const key = keyOf(entry);
    let html = remembered.get(key);
    if (html === undefined) {
      html = render(entry);
      if (remembered.size >= MAX_REMEMBERED_ENTRIES) remembered.clear();
      remembered.set(key, html);
    }
    return html;
  };
}
