import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type StaffSchoolFinderStrings = {
  /** The suggestion list's accessible name. */
  suggestionsLabel: string;
  /** Live-region words; `{count}` is replaced by the number of schools. */
  oneSuggestion: string;
  manySuggestions: string;
  noSuggestions: string;
  /** Before a URN in an option. */
  urn: string;
  /** In place of the URN for a school entered by hand. */
  enteredByHand: string;
};

export const STAFF_SCHOOL_FINDER_STRINGS: StaffSchoolFinderStrings = {
  suggestionsLabel: "Matching schools",
  oneSuggestion: "{count} school found: use the arrow keys to choose it",
  manySuggestions: "{count} schools found: use the arrow keys to choose one",
  noSuggestions: "No schools match",
  urn: "URN",
  enteredByHand: "Entered by hand",
};

export interface StaffSchoolFinderProps {
  suggestionsUrl: string;
  /** Where a chosen school's page is: `{id}` is replaced by its id. */
  schoolUrl: string;
  /** The server form's action, landmark name and classes, kept so the enhanced form submits and reads the same. */
  action: string;
  landmarkLabel: string;
  inputId: string;
  inputName: string;
  maxLength: number;
  /** What the field held when the widget mounted (the server's q, or text typed before mounting). */
  query: string;
  /** Staff were typing before the widget mounted (it mounts on first interaction): ask at once. */
  typedBeforeMount: boolean;
  label: string;
  submitLabel: string;
  strings: StaffSchoolFinderStrings;
}

const staffSchoolFinderOptions = {
  suggestionsUrl: { type: "string", default: "/staff/schools/suggestions/" },
  schoolUrl: { type: "string", default: "/staff/schools/{id}/" },
} as const;

/**
 * Reads `data-widget="staff-school-finder"` (templates/macros/staff-school-finder.njk):
 * the server's GET form, its labelled text input and submit button, plus
 * data-suggestions-url, data-school-url and data-i18n-* overrides.
 */
export function parseStaffSchoolFinder(root: HTMLElement): StaffSchoolFinderProps {
  const form = root.querySelector<HTMLFormElement>(":scope > form");
  const input = form?.querySelector<HTMLInputElement>("input[name]:not([type='hidden'])");
  if (!form || !input || !input.id) {
    throw new WidgetConfigError("staff-school-finder needs a direct child <form> holding an <input id name> (use the staffSchoolFinder macro)");
  }
  const options = readOptions(root, staffSchoolFinderOptions);
  if (!options.schoolUrl.includes("{id}")) throw new WidgetConfigError("staff-school-finder's data-school-url needs {id} where the school's id goes");
  const label = Array.from(form.querySelectorAll("label")).find((candidate) => candidate.htmlFor === input.id);
  return {
    suggestionsUrl: options.suggestionsUrl.trim() || "/staff/schools/suggestions/",
    schoolUrl: options.schoolUrl,
    action: form.getAttribute("action") || "/staff/schools/",
    landmarkLabel: form.getAttribute("aria-label") ?? "",
    inputId: input.id,
    inputName: input.name,
    maxLength: input.maxLength > 0 ? input.maxLength : 200,
    query: input.value,
    typedBeforeMount: input.value !== input.defaultValue && input.ownerDocument.activeElement === input,
    label: label?.textContent?.trim() || "Name, URN, postcode or email domain",
    submitLabel: form.querySelector("button[type='submit']")?.textContent?.trim() || "Find schools",
    strings: readI18n(root, STAFF_SCHOOL_FINDER_STRINGS),
  };
}
