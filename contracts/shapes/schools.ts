import { z } from "zod";
import { SCHOOL_TYPES } from "../rules/schools";

/*
 * The school shapes the registration wizard and the server exchange
 * (accounts spec, section 3). Widgets import these as types only
 * (`import type`): the bundle needs no zod (.dependency-cruiser.cjs checks it).
 */

/** A selected school's `type`, its pathway's key (accounts spec, section 3); null for a school typed in by hand. */
export const schoolTypeSchema = z.enum(SCHOOL_TYPES);
export type SchoolType = z.infer<typeof schoolTypeSchema>;

/** The school's current membership (accounts spec, section 3, "Membership summary"). */
export const membershipSummarySchema = z.object({
  Id: z.number().int(),
  ExpirationDateTime: z.string(),
  Constituent: z.object({ DisplayName: z.string(), SortName: z.string() }),
});
export type MembershipSummary = z.infer<typeof membershipSummarySchema>;

/** One answer of GET /account/school-search/ (docs/schools.md, "Search"). */
export const schoolHitSchema = z.object({
  constituentId: z.number().int(),
  name: z.string(),
  /** The name, HTML-escaped, with <mark>…</mark> around the words that matched: render with HighlightedName, never as HTML. */
  highlightedName: z.string(),
  URN: z.string().nullable(),
  type: schoolTypeSchema,
  addressLine1: z.string(),
  addressLine2: z.string(),
  addressLine3: z.string(),
  city: z.string(),
  postalCode: z.string(),
});
export type SchoolHit = z.infer<typeof schoolHitSchema>;

/** GET /account/school-search/?query= answers `{ hits }`. */
export const schoolSearchAnswerSchema = z.object({ hits: z.array(schoolHitSchema) });
export type SchoolSearchAnswer = z.infer<typeof schoolSearchAnswerSchema>;

const seatCount = z.union([z.number().int(), z.literal("unlimited")]);

/**
 * The school the wizard goes on with (accounts spec, section 3, "Selected
 * school"). A school chosen from the search has no membership or seats until
 * POST /account/school-check answers; a hand-entered one has no
 * constituentId until it is created, and no type.
 */
export const selectedSchoolSchema = z.object({
  name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  addressLine3: z.string(),
  city: z.string(),
  /** The address's state or region id, if its country has them. */
  state: z.number().int().nullable(),
  /** The register keeps no county; the wizard matches a state by id first. */
  county: z.string().nullable(),
  postalCode: z.string(),
  /** Country id (rules/schools.ts' DEFAULT_COUNTRY_ID when not known). */
  country: z.number().int(),
  type: schoolTypeSchema.nullable(),
  URN: z.string().nullable(),
  /** The CRM organisation, or null for a school typed in by hand (created later). */
  constituentId: z.number().int().nullable(),
  membershipDetails: membershipSummarySchema.nullable(),
  /** User seats the current membership gives: a number, "unlimited", or 0 without a membership; null until checked. */
  totalAvailable: seatCount.nullable(),
  /** User seats in use; null until checked. */
  benefitUsage: z.number().int().nullable(),
  /** Whether the school has an admin; known once school-check has answered. */
  hasAdmin: z.boolean().optional(),
});
export type SelectedSchool = z.infer<typeof selectedSchoolSchema>;

/** A school the CRM knows, as POST /account/school-check answers it: everything known. */
export const checkedSchoolSchema = selectedSchoolSchema.extend({
  constituentId: z.number().int(),
  totalAvailable: seatCount,
  benefitUsage: z.number().int(),
  hasAdmin: z.boolean(),
});
export type CheckedSchool = z.infer<typeof checkedSchoolSchema>;

/** POST /account/school-check `{ constituentId }` answers `{ school }`. */
export const schoolCheckAnswerSchema = z.object({ school: checkedSchoolSchema });
export type SchoolCheckAnswer = z.infer<typeof schoolCheckAnswerSchema>;
