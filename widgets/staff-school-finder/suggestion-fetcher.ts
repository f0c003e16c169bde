import type { StaffSchoolSuggestion } from "../../contracts/shapes/staff-schools";
import { SCHOOL_SUGGESTIONS_MOST, SCHOOL_SUGGESTIONS_SHORTEST_QUERY } from "../../contracts/rules/staff-school-finder";
import { http } from "../lib/http";
import { TypeaheadRequest } from "../lib/latest-request";

/** The pause after the last keystroke before asking. */
export const SCHOOL_SUGGESTIONS_DEBOUNCE_MS = 250;

/** The text worth asking about: trimmed, at least two characters; otherwise null, which sends nothing. */
export function schoolQuery(text: string): string | null {
  const query = text.trim();
  return query.length < SCHOOL_SUGGESTIONS_SHORTEST_QUERY ? null : query;
}

/** Reads the answer leniently (docs/architecture.md): a school without a whole-number id or a name is skipped. */
export function readSchools(body: unknown): StaffSchoolSuggestion[] {
  if (!Array.isArray(body)) throw new Error("The school suggestions answer is not a list");
  const schools: StaffSchoolSuggestion[] = [];
  for (const item of body as unknown[]) {
    if (typeof item !== "object" || item === null) continue;
    const { id, name, urn, town, postcode } = item as Record<string, unknown>;
    if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1 || typeof name !== "string" || name.trim() === "") continue;
    schools.push({
      id,
      name,
      urn: typeof urn === "string" && urn !== "" ? urn : null,
      town: typeof town === "string" ? town : "",
      postcode: typeof postcode === "string" ? postcode : "",
    });
  }
  return schools.slice(0, SCHOOL_SUGGESTIONS_MOST);
}

export interface SchoolSuggestionListener {
  arrived(schools: StaffSchoolSuggestion[]): void;
  /** The text is too short, or the latest request failed: no list. */
  cleared(): void;
}

/**
 * Schools for the text being typed: GET <suggestions-url>?q=<text> once
 * typing pauses, only the newest answer counts (widgets/lib/latest-request.ts),
 * failures go to the console and clear the list.
 */
export class SchoolSuggestionFetcher extends TypeaheadRequest<StaffSchoolSuggestion[]> {
  constructor(suggestionsUrl: string, listener: SchoolSuggestionListener) {
    super({
      delayMs: SCHOOL_SUGGESTIONS_DEBOUNCE_MS,
      queryOf: schoolQuery,
      send: async (query, signal) => readSchools(await http.get<unknown>(suggestionsUrl, { query: { q: query }, signal })),
      answered: (schools) => listener.arrived(schools),
      cleared: () => listener.cleared(),
      failed: (error) => {
        console.error("School suggestions could not be loaded.", error);
        listener.cleared();
      },
    });
  }
}
