import { z } from "zod";
import { PERFORMANCE_AVAILABILITIES } from "../../domain/performance-availability";
import { EVENT_TAXONOMIES } from "../../events";
import { WEEKDAYS } from "../../shared/london-time";
import {
  dayRefSchema,
  hrefSchema,
  htmlSchema,
  imageUrlSchema,
  minutesSchema,
  slugSchema,
  termListsSchema,
  textSchema,
  timeSchema,
} from "./common";

const weekdaysSchema = z
  .array(z.enum(WEEKDAYS, { error: `expected a day name: ${WEEKDAYS.join(", ")}` }))
  .min(1, { error: "expected at least one day" });
/** What a run or a date may say about booking: its own booking page, and how many seats are left. */
const bookingFields = {
  booking_url: hrefSchema.optional(),
  availability: z.enum(PERFORMANCE_AVAILABILITIES, { error: `expected one of: ${PERFORMANCE_AVAILABILITIES.join(", ")}` }).optional(),
};

const timesSchema = z.array(timeSchema).min(1, { error: "expected at least one time" });

/**
 * A run: every listed weekday from `from` to `to` inclusive, at each time,
 * plus optional matinees, minus the `except` days (press nights off, holidays).
 */
export const runFixtureSchema = z
  .strictObject({
    from: dayRefSchema,
    to: dayRefSchema,
    days: weekdaysSchema,
    times: timesSchema,
    matinees: z.strictObject({ days: weekdaysSchema, times: timesSchema }).optional(),
    except: z.array(dayRefSchema).default([]),
    duration: minutesSchema.optional(),
    ...bookingFields,
  })
  .superRefine((run, context) => {
    // Offsets compare with offsets and dates with dates; a mix is checked when expanded.
    if (typeof run.from === typeof run.to && run.to < run.from) {
      context.addIssue({ code: "custom", path: ["to"], message: "must be on or after from" });
    }
  });
export type RunFixture = z.infer<typeof runFixtureSchema>;

/**
 * A single occasion: a talk, a workshop, one performance. A date at the same
 * day and time as one of a run's performances replaces it: that is how one
 * night of a run is marked sold out or given its own booking page.
 */
export const dateFixtureSchema = z.strictObject({
  day: dayRefSchema,
  time: timeSchema,
  duration: minutesSchema.optional(),
  ...bookingFields,
});
export type DateFixture = z.infer<typeof dateFixtureSchema>;

/** One record of events.yaml. Taxonomy fields hold a term slug from the file's `taxonomies`. */
export const eventFixtureSchema = z.strictObject({
  slug: slugSchema,
  title: textSchema,
  summary: textSchema,
  description_html: htmlSchema,
  image_url: imageUrlSchema,
  image_alt: textSchema,
  price: textSchema.optional(),
  age_guidance: textSchema.optional(),
  event_type: slugSchema,
  genre: slugSchema.optional(),
  season: slugSchema,
  series: slugSchema.optional(),
  venue: slugSchema,
  access_type: slugSchema.optional(),
  /** The event's booking page, for every performance without its own; without one the event shows no Book link. */
  booking_url: hrefSchema.optional(),
  /** Default length of each instance, in minutes. */
  duration: minutesSchema,
  runs: z.array(runFixtureSchema).default([]),
  dates: z.array(dateFixtureSchema).default([]),
});
export type EventFixture = z.infer<typeof eventFixtureSchema>;

export const eventTaxonomiesFixtureSchema = termListsSchema(EVENT_TAXONOMIES);
export type EventTaxonomiesFixture = z.infer<typeof eventTaxonomiesFixtureSchema>;
