/*
 * Europe/London wall-clock time <-> UTC instants, with Intl doing the
 * BST/GMT arithmetic (no date library). Calendar dates are 'YYYY-MM-DD'
 * strings and times 'HH:MM' strings throughout.
 */

export const LONDON_TIME_ZONE = "Europe/London";

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

// Formatters are costly to build and immutable, so one of each is kept.
const londonPartsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});
const londonLabelFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON_TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
});

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock as Intl reads it: exact, but slow (tens of microseconds a call). */
function intlWallClockOf(instant: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const part of londonPartsFormat.formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const HOUR_MS = 3_600_000;
const MAX_CACHED_HOURS = 100_000;
const offsetByUtcHour = new Map<number, number>();

/**
 * Minutes London is ahead of UTC at that instant: 0 in GMT, 60 in BST.
 * London's clocks change on the hour in UTC (01:00), so the offset is the
 * same for a whole UTC hour: Intl is asked once per hour and the answer kept.
 * Listing hundreds of instances (the instances API) then costs microseconds, not milliseconds.
 */
export function londonOffsetMinutes(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  const cached = offsetByUtcHour.get(hour);
  if (cached !== undefined) return cached;
  const hourStart = new Date(hour * HOUR_MS);
  const wall = intlWallClockOf(hourStart);
  const wallAsUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const offset = Math.round((wallAsUtc - hourStart.getTime()) / MINUTE_MS);
  if (offsetByUtcHour.size >= MAX_CACHED_HOURS) offsetByUtcHour.clear();
  offsetByUtcHour.set(hour, offset);
  return offset;
}

function londonWallClockOf(instant: Date): WallClock {
  const shifted = new Date(Math.floor(instant.getTime() / 1000) * 1000 + londonOffsetMinutes(instant) * MINUTE_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

function pad2(value: number): string {
  return String(value).padStart(2, "0");
}

function parseDate(date: string): [number, number, number] {
  const [year, month, day] = date.split("-").map(Number);
  return [year ?? NaN, month ?? NaN, day ?? NaN];
}

/** The calendar date in London at that instant, e.g. just after midnight BST is already "tomorrow". */
export function londonDateOf(instant: Date): string {
  const wall = londonWallClockOf(instant);
  return `${wall.year}-${pad2(wall.month)}-${pad2(wall.day)}`;
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day) + days * DAY_MS).toISOString().slice(0, 10);
}

export function weekdayOf(date: string): Weekday {
  const [year, month, day] = parseDate(date);
  const sundayFirst = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7] as Weekday;
}

/** Whole days from one calendar date to another. */
export function daysBetween(from: string, to: string): number {
  const [fromYear, fromMonth, fromDay] = parseDate(from);
  const [toYear, toMonth, toDay] = parseDate(to);
  return Math.round((Date.UTC(toYear, toMonth - 1, toDay) - Date.UTC(fromYear, fromMonth - 1, fromDay)) / DAY_MS);
}

/**
 * The UTC instant of a London wall-clock time. The offset is looked up at a
 * first guess and again at the corrected instant, so times either side of a
 * clock change come out right.
 */
export function londonWallClockToUtc(date: string, time: string): Date {
  const [year, month, day] = parseDate(date);
  const [hour, minute] = time.split(":").map(Number);
  const wallAsUtc = Date.UTC(year, month - 1, day, hour ?? 0, minute ?? 0);
  const firstGuess = wallAsUtc - londonOffsetMinutes(new Date(wallAsUtc)) * MINUTE_MS;
  return new Date(wallAsUtc - londonOffsetMinutes(new Date(firstGuess)) * MINUTE_MS);
}

/** ISO 8601 with London's offset, e.g. "2026-07-04T19:30:00+01:00". */
export function toLondonIsoString(instant: Date | string): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  const offset = londonOffsetMinutes(date);
  const sign = offset < 0 ? "-" : "+";
  const offsetText = `${sign}${pad2(Math.floor(Math.abs(offset) / 60))}:${pad2(Math.abs(offset) % 60)}`;
  // The instant moved by the offset reads, in UTC, as London's wall clock; toISOString is native and quick.
  const wallClock = new Date(Math.floor(date.getTime() / 1000) * 1000 + offset * MINUTE_MS);
  return `${wallClock.toISOString().slice(0, 19)}${offsetText}`;
}

/** "7.30pm", "2pm", "midday": the house style for times on listings. */
export function formatLondonTime(instant: Date | string): string {
  const wall = londonWallClockOf(typeof instant === "string" ? new Date(instant) : instant);
  if (wall.hour === 12 && wall.minute === 0) return "midday";
  const hour12 = wall.hour % 12 === 0 ? 12 : wall.hour % 12;
  const minutes = wall.minute === 0 ? "" : `.${pad2(wall.minute)}`;
  return `${hour12}${minutes}${wall.hour < 12 ? "am" : "pm"}`;
}

/** "Sat 28 Nov, 7.30pm" in London time. */
export function formatLondonDateTimeLabel(instant: Date | string): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  const parts: Record<string, string> = {};
  for (const part of londonLabelFormat.formatToParts(date)) parts[part.type] = part.value;
  return `${parts.weekday} ${parts.day} ${parts.month}, ${formatLondonTime(date)}`;
}
