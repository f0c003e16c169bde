import { z } from "zod";
import { dayRefSchema, textSchema } from "./common";

/** Named levels resolve to the CRM id set in use (test or production); a number is used as it is. */
export const MEMBERSHIP_LEVEL_NAMES = ["individual"] as const;
export type MembershipLevelName = (typeof MEMBERSHIP_LEVEL_NAMES)[number];

export const membershipFixtureSchema = z.strictObject({
  level: z.union([z.enum(MEMBERSHIP_LEVEL_NAMES), z.int().positive()], {
    error: `expected a level name (${MEMBERSHIP_LEVEL_NAMES.join(", ")}) or a CRM level id`,
  }),
  starts: dayRefSchema,
  expires: dayRefSchema,
});
export type MembershipFixture = z.infer<typeof membershipFixtureSchema>;

/** One record of accounts.yaml: a person in the embedded CRM, optionally with a demo password. */
export const accountFixtureSchema = z.strictObject({
  email: z
    .string({ error: "expected an email address" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "expected an email address" })),
  /** Plain demo password, hashed by the seed. Leave out for a record that must set a password by email. */
  password: z.string().min(8, { error: "expected at least 8 characters" }).optional(),
  first_name: textSchema,
  last_name: textSchema,
  phone_number: z.string().trim().default(""),
  /** The CRM's prefix id; -1 means none. */
  prefix: z.int({ error: "expected a CRM prefix id, or -1 for none" }).default(-1),
  memberships: z.array(membershipFixtureSchema).default([]),
});
export type AccountFixture = z.infer<typeof accountFixtureSchema>;
