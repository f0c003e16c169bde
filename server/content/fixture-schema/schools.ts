import { z } from "zod";
import { dayRefSchema, textSchema } from "./common";

/*
 * schools.yaml: what the CRM knows of the demo schools beyond the register
 * (docs/schools.md): their allowed email domains, their membership and its
 * seats, and who holds which role there. A school with a `urn` is found in
 * establishments.csv; one without (an international school, which the
 * Department for Education's register does not hold) is given its address here.
 */

const seatsSchema = z.union([z.literal("unlimited"), z.int().min(0).max(10_000)], { error: "expected a number of seats or 'unlimited'" });

export const schoolMembershipFixtureSchema = z.strictObject({
  /** state-school: the free unlimited level; paid: the smallest seat level that covers user_seats. */
  level: z.enum(["state-school", "paid"], { error: "expected state-school or paid" }),
  starts: dayRefSchema,
  expires: dayRefSchema,
  user_seats: seatsSchema,
  admin_seats: seatsSchema,
});
export type SchoolMembershipFixture = z.infer<typeof schoolMembershipFixtureSchema>;

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, { error: "expected an email domain such as school.sch.uk" });

export const schoolFixtureSchema = z
  .strictObject({
    name: textSchema,
    urn: z.string().regex(/^\d{5,7}$/, { error: "expected the register's URN, 5 to 7 digits" }).optional(),
    kind: z.enum(["state", "independent", "international"]).optional(),
    address: z
      .strictObject({
        street1: textSchema,
        street2: z.string().trim().default(""),
        city: textSchema,
        postcode: textSchema,
        country: z.int().positive(),
      })
      .optional(),
    email_domains: z.array(domainSchema).default([]),
    membership: schoolMembershipFixtureSchema.optional(),
    people: z
      .array(
        z.strictObject({
          email: z.string().trim().toLowerCase().pipe(z.email({ error: "expected an email address" })),
          role: z.enum(["user", "admin"]),
        }),
      )
      .default([]),
  })
  .refine((school) => (school.urn === undefined) === (school.address !== undefined && school.kind !== undefined), {
    error: "a school needs either a urn (a register school) or both kind and address (one outside the register)",
  });
export type SchoolFixture = z.infer<typeof schoolFixtureSchema>;
