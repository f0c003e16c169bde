import { z } from "zod";
import { htmlSchema, slugSchema, textSchema } from "./common";

/** One record of pages.yaml: a content page served at /<slug>/. */
export const pageFixtureSchema = z.strictObject({
  slug: slugSchema,
  title: textSchema,
  summary: z.string().trim().default(""),
  /** Position in navigation lists; leave out to keep the page out of them. */
  nav_order: z.int({ error: "expected a whole number" }).optional(),
  /** A draft is stored but not served. */
  draft: z.boolean({ error: "expected true or false" }).default(false),
  body_html: htmlSchema,
});
export type PageFixture = z.infer<typeof pageFixtureSchema>;
