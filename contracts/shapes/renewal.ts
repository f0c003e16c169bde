import { z } from "zod";
import { RENEWAL_PATHWAYS } from "../rules/renewal";
import { selectedSchoolSchema } from "./schools";

/*
 * The lapsed membership the registration wizard starts by renewing (data-renewal
 * on the register page): the server computes it (server/memberships/lapsed-renewal.ts),
 * the widget reads it leniently (widgets/register-wizard/parse.ts, types only).
 */

export const renewalSchema = z.object({
  /** A lapsed individual membership, or a lapsed school membership of which the person is the admin. */
  kind: z.enum(["individual", "school"]),
  /** The London date it ended on ("3 October 2026"), or null when unknown (or not ended: endsOn). */
  endedOn: z.string().nullable(),
  /**
   * A membership still current, renewed early from a reminder's link
   * (docs/memberships.md "Reminders"): the London date it ends. Absent for a
   * lapsed one.
   */
  endsOn: z.string().nullable().optional(),
  /** The wizard's pathway key. */
  pathway: z.enum(RENEWAL_PATHWAYS),
  school: selectedSchoolSchema.nullable(),
});
export type Renewal = z.infer<typeof renewalSchema>;
