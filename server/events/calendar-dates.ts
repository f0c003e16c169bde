import { addDays, londonWallClockToUtc, weekdayOf, WEEKDAYS } from "../shared/london-time";

/*
 * Calendar dates ('YYYY-MM-DD', London days) as the What's On page and the
 * instances API use them. No I/O: `today` is always passed in.
 */

const calendarDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The dates a query string may ask for (docs/content.md, "Dates in
 * addresses"). Wider than any programme, and far inside what JavaScript's
 * Date can hold, so a week's or a range's arithmetic never leaves it.
 */
export const EARLIEST_CALENDAR_DATE = "1900-01-01";
export const LATEST_CALENDAR_DATE = "2200-12-31";

/** What is wrong with a date parameter, as the message shown for it; undefined for a real date in range. */
export function calendarDateProblem(text: string, parameter: string): string | undefined {
  const date = parseCalendarDate(text);
  if (date === undefined) return `${parameter} must be a real date in the form YYYY-MM-DD, for example 2026-11-23.`;
  // 'YYYY-MM-DD' strings sort as the dates they name.
  if (date < EARLIEST_CALENDAR_DATE || date > LATEST_CALENDAR_DATE) {
    return `${parameter} must be a date from ${EARLIEST_CALENDAR_DATE} to ${LATEST_CALENDAR_DATE}.`;
  }
  return undefined;
}

/** The date itself when it is a real 'YYYY-MM-DD' date (no 2026-02-30); otherwise undefined. */
export function parseCalendarDate(text: unknown): string | undefined {
  if (typeof text !== "string") return undefined;
  const match = calendarDatePattern.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, not Date.UTC, which reads years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const isReal = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isReal ? text : undefined;
}

/** The Monday of the week holding `date`: the What's On week and the calendar both start on Monday. */
export function mondayOf(date: string): string {
  return addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));
}

/**
 * The UTC instants bounding whole London days, from the start of `firstDay`
 * to the start of the day after `lastDay`, as the ISO text instances are stored in.
 */
export function londonDaysToUtcRange(firstDay: string, lastDay: string): { from: string; before: string } {
  return {
    from: londonWallClockToUtc(firstDay, "00:00").toISOString(),
    before: londonWallClockToUtc(addDays(lastDay, 1), "00:00").toISOString(),
  };
}
