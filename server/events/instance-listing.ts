import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { londonDaysToUtcRange } from "./calendar-dates";
import type { RenderCalendarEntry } from "./calendar-entry-renderer";
import { instanceItemOf, type InstanceItem } from "./instance-items";
import type { InstanceQuery } from "./instance-query";
import { findInstancesStartingIn } from "./instance-repository";

/** The instances API's answer: instances starting on the query's London days, sorted by start. */
export async function listInstanceItems(
  db: Kysely<Database>,
  query: InstanceQuery,
  renderCalendarEntry: RenderCalendarEntry,
): Promise<{ items: InstanceItem[] }> {
  const rows = await findInstancesStartingIn(db, londonDaysToUtcRange(query.startDate, query.endDate), query.filters);
  return { items: rows.map((row) => instanceItemOf(row, query.fields, renderCalendarEntry)) };
}
