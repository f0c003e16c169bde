import { z } from "zod";
import { htmlSchema, imageUrlSchema, slugSchema, textSchema } from "./common";

/** A group of people on the People page, in the order the file lists them. */
export const peopleTeamFixtureSchema = z.strictObject({
  slug: slugSchema,
  label: textSchema,
  /** A sentence under the team's heading. */
  intro: z.string().trim().default(""),
});
export type PeopleTeamFixture = z.infer<typeof peopleTeamFixtureSchema>;

/** One record of people.yaml's `people`: shown on the People page and at /people/<slug>/. */
export const personFixtureSchema = z.strictObject({
  slug: slugSchema,
  name: textSchema,
  role: textSchema,
  /** A team slug from the file's `teams`. */
  team: slugSchema,
  portrait_url: imageUrlSchema.optional(),
  /** Leave empty when the name beside the portrait already says who it is. */
  portrait_alt: z.string().trim().default(""),
  bio_html: htmlSchema,
});
export type PersonFixture = z.infer<typeof personFixtureSchema>;
