import { FixtureValidationError } from "./fixture-errors";
import type { DayRef } from "./fixture-schema/common";
import type { EventFixture, RunFixture } from "./fixture-schema/events";
import { addDays, daysBetween, londonWallClockToUtc, weekdayOf, type Weekday } from "../shared/london-time";

/** One occasion of an event, as stored: UTC ISO text, and what the content says about booking it. */
export interface InstanceTimes {
  starts_at: string;
  ends_at: string;
  booking_url: string | null;
  availability: string | null;
}

/** A run's or a date's booking fields, as stored (null when the content leaves them out, or says "available"). */
function bookingOf(source: { booking_url?: string; availability?: string }): Pick<InstanceTimes, "booking_url" | "availability"> {
  return { booking_url: source.booking_url ?? null, availability: source.availability && source.availability !== "available" ? source.availability : null };
}

const MINUTE_MS = 60_000;

/** A day offset counts from the seeding day in London; a date is taken as it is. */
export function resolveDay(day: DayRef, seedingDate: string): string {
  return typeof day === "number" ? addDays(seedingDate, day) : day;
}

function instanceAt(date: string, time: string, durationMinutes: number, booking: Pick<InstanceTimes, "booking_url" | "availability">): InstanceTimes {
  const start = londonWallClockToUtc(date, time);
  return {
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + durationMinutes * MINUTE_MS).toISOString(),
    ...booking,
  };
}

function expandRun(event: EventFixture, run: RunFixture, runIndex: number, seedingDate: string): InstanceTimes[] {
  const from = resolveDay(run.from, seedingDate);
  const to = resolveDay(run.to, seedingDate);
  const length = daysBetween(from, to);
  if (length < 0) {
    throw new FixtureValidationError([
      `events: event ${JSON.stringify(event.slug)}: runs[${runIndex}].to: ${to} is before from (${from})`,
    ]);
  }
  const skipped = new Set(run.except.map((day) => resolveDay(day, seedingDate)));
  const duration = run.duration ?? event.duration;
  const timesByDay = (day: Weekday): string[] => [
    ...(run.days.includes(day) ? run.times : []),
    ...(run.matinees?.days.includes(day) ? run.matinees.times : []),
  ];
  const booking = bookingOf(run);
  const instances: InstanceTimes[] = [];
  for (let offset = 0; offset <= length; offset += 1) {
    const date = addDays(from, offset);
    if (skipped.has(date)) continue;
    for (const time of timesByDay(weekdayOf(date))) instances.push(instanceAt(date, time, duration, booking));
  }
  return instances;
}

/**
 * Every instance of an event, from its runs and single dates, relative to the
 * seeding day (a London calendar date). Sorted by start; a start listed twice counts once,
 * as the last listing of it (a date over a run's performance).
 */
export function expandEventSchedule(event: EventFixture, seedingDate: string): InstanceTimes[] {
  const instances = [
    ...event.runs.flatMap((run, index) => expandRun(event, run, index, seedingDate)),
    ...event.dates.map((date) => instanceAt(resolveDay(date.day, seedingDate), date.time, date.duration ?? event.duration, bookingOf(date))),
  ];
  // Dates come after runs, so a date at a run's start replaces that performance.
  const byStart = new Map(instances.map((instance) => [instance.starts_at, instance]));
  return [...byStart.values()].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
}
