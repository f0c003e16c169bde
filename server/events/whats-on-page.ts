import type { Kysely } from "kysely";
import { addDays } from "../shared/london-time";
import type { Database } from "../db/schema";
import { londonDaysToUtcRange } from "./calendar-dates";
import { loadTaxonomyTerms } from "./event-repository";
import { findInstancesStartingIn } from "./instance-repository";
import { activeFilterCount, filterSelectsOf, hasFilters, whatsOnUrl, type FilterSelect, type WhatsOnRequest } from "./whats-on-query";
import { DAYS_IN_WEEK, whatsOnWeekOf, type WhatsOnWeek } from "./whats-on-week";

export const INSTANCES_API_PATH = "/api/attendable/v1/instances/";

/** What templates/pages/whats-on.njk renders. */
export interface WhatsOnPage {
  week: WhatsOnWeek;
  previousWeekUrl: string;
  nextWeekUrl: string;
  /** Only on another week than this one, as the enhanced calendar shows "This week" only then. */
  thisWeekUrl?: string;
  filterForm: {
    search: string;
    selects: FilterSelect[];
    /** The week being looked at, kept when the filters change. */
    date?: string;
    filtered: boolean;
    /** Fields in use, shown on the phone's collapsed "Filter (N)" control. */
    activeCount: number;
    clearUrl: string;
  };
  calendar: { initialDate: string; apiUrl: string };
  unreadableDate: boolean;
}

export async function loadWhatsOnPage(db: Kysely<Database>, request: WhatsOnRequest): Promise<WhatsOnPage> {
  const { monday, filters } = request;
  const [terms, rows] = await Promise.all([
    loadTaxonomyTerms(db),
    findInstancesStartingIn(db, londonDaysToUtcRange(monday, addDays(monday, DAYS_IN_WEEK - 1)), filters),
  ]);
  const week = whatsOnWeekOf(monday, rows);
  return {
    week,
    previousWeekUrl: whatsOnUrl(filters, week.previousMonday),
    nextWeekUrl: whatsOnUrl(filters, week.nextMonday),
    ...(monday === request.thisMonday ? {} : { thisWeekUrl: whatsOnUrl(filters) }),
    filterForm: {
      search: filters.eventTitle ?? "",
      selects: filterSelectsOf(terms, filters),
      ...(request.date ? { date: monday } : {}),
      filtered: hasFilters(filters),
      activeCount: activeFilterCount(filters),
      clearUrl: whatsOnUrl({ terms: {} }, request.date ? monday : undefined),
    },
    calendar: { initialDate: monday, apiUrl: INSTANCES_API_PATH },
    unreadableDate: request.unreadableDate,
  };
}
