import type { Kysely } from "kysely";
import { addDays, toLondonIsoString } from "../shared/london-time";
import type { Database } from "../db/schema";
import { londonDaysToUtcRange } from "./calendar-dates";
import { loadTaxonomyTerms } from "./event-repository";
import { findInstancesStartingIn } from "./instance-repository";
import { activeFilterCount, filterSelectsOf, hasFilters, whatsOnUrl, type FilterSelect, type WhatsOnRequest } from "./whats-on-query";
import { DAYS_IN_WEEK, whatsOnWeekOf, type WhatsOnWeek } from "./whats-on-week";

export const INSTANCES_API_PATH = "/api/attendable/v1/instances/";

// "2026-11-23T19:30:00+00:00": the first 19 characters are London's wall-clock time, as the calendar reads its entries.
const LONDON_WALL_CLOCK_LENGTH = 19;

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
  /** `now` is the page's clock reading in London wall-clock time ("2026-11-23T19:30:00"): the enhanced calendar marks past entries against it. */
  calendar: { initialDate: string; apiUrl: string; now: string };
  unreadableDate: boolean;
}

/** `now` is the request's one clock reading: past entries are marked against it, on the page and in the enhanced calendar. */
export async function loadWhatsOnPage(db: Kysely<Database>, request: WhatsOnRequest, now: Date): Promise<WhatsOnPage> {
  const { monday, filters } = request;
  const [terms, rows] = await Promise.all([
    loadTaxonomyTerms(db),
    findInstancesStartingIn(db, londonDaysToUtcRange(monday, addDays(monday, DAYS_IN_WEEK - 1)), filters),
  ]);
  const week = whatsOnWeekOf(monday, rows, now);
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
    calendar: { initialDate: monday, apiUrl: INSTANCES_API_PATH, now: toLondonIsoString(now.toISOString()).slice(0, LONDON_WALL_CLOCK_LENGTH) },
    unreadableDate: request.unreadableDate,
  };
}
