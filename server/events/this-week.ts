import type { Kysely } from "kysely";
import { formatLondonDateTimeLabel, toLondonIsoString } from "../shared/london-time";
import { eventUrl } from "../shared/content-urls";
import type { Database } from "../db/schema";
import { findInstancesStartingIn } from "./instance-repository";

/** One event in the home page's compact "this week" carousel: its next time in the coming week. */
export interface ThisWeekEvent {
  title: string;
  url: string;
  /** ISO 8601 with London's offset. */
  startIso: string;
  /** "Tue 24 Nov, 7.30pm". */
  startLabel: string;
  venue: string;
  accessType: string | null;
}

const WEEK_MS = 7 * 86_400_000;

/**
 * The events on in the seven days from `now`, each once at its next start
 * (a play's nightly run is one slide, not seven), soonest first.
 */
export async function loadThisWeekEvents(db: Kysely<Database>, now: Date, limit: number): Promise<ThisWeekEvent[]> {
  const rows = await findInstancesStartingIn(
    db,
    { from: now.toISOString(), before: new Date(now.getTime() + WEEK_MS).toISOString() },
    { terms: {} },
  );
  const seen = new Set<number>();
  const events: ThisWeekEvent[] = [];
  for (const row of rows) {
    if (seen.has(row.event_id)) continue;
    seen.add(row.event_id);
    events.push({
      title: row.event_title,
      url: eventUrl(row.event_slug),
      startIso: toLondonIsoString(row.starts_at),
      startLabel: formatLondonDateTimeLabel(row.starts_at),
      venue: row.venue_label,
      accessType: row.access_type_label,
    });
    if (events.length === limit) break;
  }
  return events;
}
