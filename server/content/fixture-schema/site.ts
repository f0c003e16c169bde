import { z } from "zod";
import { hrefSchema, textSchema } from "./common";

export const navLinkSchema = z.strictObject({
  label: textSchema,
  href: hrefSchema,
});

/** The organisation's postal address (events' structured data: docs/seo.md). */
export const postalAddressSchema = z.strictObject({
  street: textSchema,
  town: textSchema,
  postcode: textSchema,
  country: z.string().regex(/^[A-Z]{2}$/, { error: "expected a two-letter country code such as GB" }).default("GB"),
});

/** site.yaml: the organisation's name, tagline, address and navigation. */
export const siteFixtureSchema = z.strictObject({
  name: textSchema,
  tagline: z.string().trim().default(""),
  address: postalAddressSchema.optional(),
  nav: z.array(navLinkSchema).default([]),
  footer_nav: z.array(navLinkSchema).default([]),
});
export type SiteFixture = z.infer<typeof siteFixtureSchema>;
