import { characterCount } from "./submitted-fields";
import { controlCharacterProblem } from "./text-input";

/*
 * A person's first or last name, as sign-up (first_name, last_name) and the
 * profile form (FirstName, LastName) both check it. Pass it as read
 * (trimmed, NFC: server/domain/text-input.ts enteredText). Pure.
 */

export const FIRST_NAME_MISSING_MESSAGE = "Enter your first name";
export const LAST_NAME_MISSING_MESSAGE = "Enter your last name";
export const NAME_MAXIMUM_LENGTH = 100;

const NAMES = {
  first: { missing: FIRST_NAME_MISSING_MESSAGE, label: "First name", called: "your first name" },
  last: { missing: LAST_NAME_MISSING_MESSAGE, label: "Last name", called: "your last name" },
} as const;

/** The message for a first or last name, or undefined when it will do. */
export function personNameProblem(value: string, which: keyof typeof NAMES): string | undefined {
  const name = NAMES[which];
  if (value === "") return name.missing;
  if (characterCount(value) > NAME_MAXIMUM_LENGTH) return `${name.label} must be ${NAME_MAXIMUM_LENGTH} characters or fewer`;
  return controlCharacterProblem(value, name.called);
}

/**
 * "Tom E.": a first name and the last name's initial, how the wizard names a
 * school's admin to a colleague without giving their whole name. Reads the
 * CRM's sort name ("Evans/Tom"), else the display name ("Tom Evans").
 */
export function firstNameAndInitial(person: { SortName: string; DisplayName: string }): string {
  const [last = "", first = ""] = person.SortName.includes("/") ? person.SortName.split("/", 2) : [person.DisplayName.split(/\s+/).slice(1).join(" "), person.DisplayName.split(/\s+/)[0] ?? ""];
  const initial = [...last.trim()][0];
  return initial ? `${first.trim()} ${initial.toUpperCase()}.` : first.trim();
}
