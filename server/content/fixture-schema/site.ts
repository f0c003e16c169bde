import { z } from "zod";
import { hrefSchema, textSchema } from "./common";

export const navLinkSchema = z.strictObject({
  label: textSchema,
  href: hrefSchema,
});

/** site.yaml: the organisation's name, tagline and navigation. */
export const siteFixtureSchema = z.strictObject({
  name: textSchema,
  tagline: z.string().trim().default(""),
  nav: z.array(navLinkSchema).default([]),
  footer_nav: z.array(navLinkSchema).default([]),
});
export type SiteFixture = z.infer<typeof siteFixtureSchema>;
