import { z } from "zod";
import { RESOURCE_FACETS, RESOURCE_TYPES } from "../../domain/resource-taxonomy";
import {
  dayRefSchema,
  hrefSchema,
  htmlSchema,
  imageUrlSchema,
  slugSchema,
  termListsSchema,
  textSchema,
} from "./common";

const facetSlugsSchema = z.array(slugSchema).default([]);

export const activityFixtureSchema = z.strictObject({
  title: textSchema,
  body_html: htmlSchema,
});
export type ActivityFixture = z.infer<typeof activityFixtureSchema>;

/** One record of resources.yaml. Facet fields hold term slugs from the file's `facets`. */
export const resourceFixtureSchema = z.strictObject({
  /** The stable resource_id: saved resources and notes refer to it, so never renumber. */
  id: z.int({ error: "expected a whole-number resource id" }).positive({ error: "expected a positive id" }),
  resource_type: z.enum(RESOURCE_TYPES, { error: `expected one of: ${RESOURCE_TYPES.join(", ")}` }),
  slug: slugSchema,
  title: textSchema,
  summary: textSchema,
  body_html: htmlSchema,
  image_url: imageUrlSchema,
  image_alt: textSchema,
  duration_minutes: z
    .int({ error: "expected a whole number of minutes" })
    .min(1, { error: "expected at least 1 minute" })
    .max(100_000),
  published: dayRefSchema,
  key_stage: facetSlugsSchema,
  subject: facetSlugsSchema,
  play_or_topic: facetSlugsSchema,
  theme: facetSlugsSchema,
  /** The ordered, titled sections of the resource. */
  activities: z.array(activityFixtureSchema).default([]),
  /** A film members play on the page: its file, a poster frame and English captions (WebVTT). */
  video: z
    .strictObject({
      url: hrefSchema,
      poster_url: hrefSchema,
      captions_url: hrefSchema,
    })
    .optional(),
  /** A file members download (a worksheet): its path under static/ ("/static/…"); its size and type are read when seeding. */
  download: z
    .string()
    .regex(/^\/static\/(?!.*\.\.)[\w./-]+\.[a-z0-9]+$/i, { error: 'expected a file under static/, written "/static/…/name.pdf"' })
    .optional(),
});
export type ResourceFixture = z.infer<typeof resourceFixtureSchema>;
/** What the resources generator produces: the record before defaults are applied is the same shape. */
export type ResourceFixtureInput = z.input<typeof resourceFixtureSchema>;

export const resourceFacetsFixtureSchema = termListsSchema(RESOURCE_FACETS);
export type ResourceFacetsFixture = z.infer<typeof resourceFacetsFixtureSchema>;
