import { z } from "zod";

/*
 * Field schemas shared by every fixture file. Messages say what is expected,
 * because they end up in the error an editor reads.
 */

export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "expected a slug: lower-case letters, digits and single hyphens" });

export const textSchema = z.string().trim().min(1, { error: "must not be empty" });

/** Editor HTML, trusted: it is rendered as it is, so fixtures are reviewed like code. */
export const htmlSchema = textSchema;

/** A site path ("/about-us/") or an absolute http(s) URL. */
export const hrefSchema = z
  .string()
  .regex(/^(\/(?!\/)\S*|https?:\/\/\S+)$/, { error: "expected a site path starting with / or an http(s) URL" });

export const imageUrlSchema = hrefSchema;

/**
 * A day: either a whole number of days from the day of seeding (-7, 0, +14),
 * so demo content never goes stale, or a fixed date 'YYYY-MM-DD'.
 */
export const dayRefSchema = z.union(
  [
    z.int({ error: "expected a day offset such as -7 or 14, or a date YYYY-MM-DD" }).min(-3660).max(3660),
    z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, {
      error: "expected a day offset such as -7 or 14, or a date YYYY-MM-DD",
    }),
  ],
  { error: "expected a day offset such as -7 or 14, or a date YYYY-MM-DD" },
);
export type DayRef = z.infer<typeof dayRefSchema>;

/** A Europe/London wall-clock time. */
export const timeSchema = z
  .string({ error: "expected HH:MM" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "expected HH:MM" });

export const minutesSchema = z
  .int({ error: "expected a whole number of minutes" })
  .min(1, { error: "expected at least 1 minute" })
  .max(1440, { error: "expected at most 1440 minutes (a day)" });

export const termSchema = z.strictObject({
  slug: slugSchema,
  label: textSchema,
});
export type TermFixture = z.infer<typeof termSchema>;

/** A list of {slug, label} terms for every key of a vocabulary (taxonomy or facet). */
export function termListsSchema<const Key extends string>(keys: readonly Key[]) {
  const shape = Object.fromEntries(keys.map((key) => [key, z.array(termSchema)])) as Record<
    Key,
    z.ZodArray<typeof termSchema>
  >;
  return z.strictObject(shape);
}
