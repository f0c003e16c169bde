import { z } from "zod";
import { SCHOOL_SUGGESTIONS_MOST } from "../rules/staff-school-finder";

/*
 * The back office's school finder typeahead (docs/back-office.md, "Islands"):
 * GET /staff/schools/suggestions/?q= answers the first schools that match,
 * as the full results page would list them. The route builds its answer with
 * this schema (server/routes/staff-schools.ts); the widget
 * (widgets/staff-school-finder) imports the type only.
 */

/** One school: its page is /staff/schools/<id>/. */
export const staffSchoolSuggestionSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** Null for a school entered by hand. */
  urn: z.string().nullable(),
  town: z.string(),
  postcode: z.string(),
});
export type StaffSchoolSuggestion = z.infer<typeof staffSchoolSuggestionSchema>;

/** The answer: at most SCHOOL_SUGGESTIONS_MOST schools, best first; [] for text under two characters. */
export const staffSchoolSuggestionsSchema = z.array(staffSchoolSuggestionSchema).max(SCHOOL_SUGGESTIONS_MOST);
export type StaffSchoolSuggestions = z.infer<typeof staffSchoolSuggestionsSchema>;
