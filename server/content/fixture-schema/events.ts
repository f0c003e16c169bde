import { z } from "zod";
import { EVENT_TAXONOMIES } from "../../events/event-taxonomies";
import { WEEKDAYS } from "../../shared/london-time";
import {
  dayRefSchema,
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
  })
  .superRefine((run, context) => {
    // Offsets compare with offsets and dates with dates; a mix is checked when expanded.
    if (typeof run.from === typeof run.to && run.to < run.from) {
      context.addIssue({ code: "custom", path: ["to"], message: "must be on or after from" });
    }
  });
export type RunFixture = z.infer<typeof runFixtureSchema>;

/** A single occasion: a talk, a workshop, one performance. */
export const dateFixtureSchema = z.strictObject({
  day: dayRefSchema,
  time: timeSchema,
  duration: minutesSchema.optional(),
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
  /** Default length of each instance, in minutes. */
  duration: minutesSchema,
  runs: z.array(runFixtureSchema).default([]),
  dates: z.array(dateFixtureSchema).default([]),
});
export type EventFixture = z.infer<typeof eventFixtureSchema>;

export const eventTaxonomiesFixtureSchema = termListsSchema(EVENT_TAXONOMIES);
export type EventTaxonomiesFixture = z.infer<typeof eventTaxonomiesFixtureSchema>;
