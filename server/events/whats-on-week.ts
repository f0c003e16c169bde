import { addDays, londonDateOf } from "../shared/london-time";
import { calendarEntryOf, type CalendarEntry } from "./calendar-entry";
import type { InstanceRow } from "./instance-repository";
import { isPastPerformance } from "../domain/performance-availability";

/** A day of the What's On week that has something on. */
export interface WeekDay {
  /** 'YYYY-MM-DD' in London. */
  date: string;
  /** "Monday 23 November". */
  label: string;
  entries: CalendarEntry[];
}

/** Monday to Sunday, as the page lists it without JavaScript. */
export interface WhatsOnWeek {
  monday: string;
  sunday: string;
  previousMonday: string;
  nextMonday: string;
  /** "23–29 November 2026", "30 November – 6 December 2026". */
  label: string;
  /** Only the days with instances, in order. */
  days: WeekDay[];
}

export const DAYS_IN_WEEK = 7;

// The dates are London calendar dates; formatting them as UTC midnights keeps them as they are.
const dayLabelFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" });
const weekLabelFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

function utcMidnight(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

export function dayLabelOf(date: string): string {
  return dayLabelFormat.format(utcMidnight(date));
}

export function weekLabelOf(monday: string): string {
  return weekLabelFormat.formatRange(utcMidnight(monday), utcMidnight(addDays(monday, DAYS_IN_WEEK - 1)));
}

/** Groups a week's instances (sorted by start) under their London day; those ended by `now` are marked past. */
export function whatsOnWeekOf(monday: string, rows: readonly InstanceRow[], now: Date): WhatsOnWeek {
  const days: WeekDay[] = [];
  for (const row of rows) {
    const date = londonDateOf(new Date(row.starts_at));
    let day = days.at(-1);
    if (day?.date !== date) {
      day = { date, label: dayLabelOf(date), entries: [] };
      days.push(day);
    }
    day.entries.push({ ...calendarEntryOf(row), past: isPastPerformance(row.ends_at, now) });
  }
  return {
    monday,
    sunday: addDays(monday, DAYS_IN_WEEK - 1),
    previousMonday: addDays(monday, -DAYS_IN_WEEK),
    nextMonday: addDays(monday, DAYS_IN_WEEK),
    label: weekLabelOf(monday),
    days,
  };
}
