import { emailProblem, normaliseEmail } from "../domain/email";
import { isNamePrefixId, NO_PREFIX_ID } from "../domain/name-prefixes";
import { personNameProblem } from "../domain/person-name";
import {
  addProblem,
  hasField,
  hasProblems,
  rawText,
  submittedRecord,
  trimmedText,
  type FieldProblems,
} from "../domain/submitted-fields";

/**
 * What PUT /account/update-profile/ asks for (accounts spec, sections 3 and
 * 7: "Prefix, FirstName, LastName or Email"). The profile form sends the
 * names (Prefix defaults to -1, "none"); the change-email dialog sends Email
 * with the current Password. Both may come in one request. Pure: whether the
 * password is right, and whether the address is free, is the service's part.
 */

export const PREFIX_INVALID_MESSAGE = "Choose a title from the list";
/** The spec's wording (section 5). */
export const EMAIL_UNCHANGED_MESSAGE = "Please enter a new email address";
export const EMAIL_PASSWORD_MISSING_MESSAGE = "Enter your current password to change your email address";
export const NOTHING_TO_CHANGE_MESSAGE = "Enter the details you want to change, then save them.";

export interface NameDetails {
  prefix: number;
  firstName: string;
  lastName: string;
}

export interface EmailChange {
  /** Normalised (trimmed, lower-cased). */
  email: string;
  /** The current password, as typed. */
  password: string;
}

export interface ProfileChange {
  names?: NameDetails;
  email?: EmailChange;
}

export type ProfileChangeReading = { change: ProfileChange; problems?: undefined } | { change?: undefined; problems: FieldProblems };

const nameFields = ["Prefix", "FirstName", "LastName"] as const;

/** Reads and checks a profile update against the person's current email. */
export function readProfileChange(body: unknown, currentEmail: string): ProfileChangeReading {
  const fields = submittedRecord(body);
  const problems: FieldProblems = {};
  const change: ProfileChange = {};
  if (nameFields.some((field) => hasField(fields, field))) change.names = readNames(fields, problems);
  if (hasField(fields, "Email")) change.email = readEmailChange(fields, currentEmail, problems);
  if (!change.names && !change.email) addProblem(problems, "__all__", NOTHING_TO_CHANGE_MESSAGE);
  return hasProblems(problems) ? { problems } : { change };
}

function readNames(fields: Record<string, unknown>, problems: FieldProblems): NameDetails {
  const firstName = trimmedText(fields, "FirstName");
  const lastName = trimmedText(fields, "LastName");
  const firstNameProblem = personNameProblem(firstName, "first");
  if (firstNameProblem) addProblem(problems, "FirstName", firstNameProblem);
  const lastNameProblem = personNameProblem(lastName, "last");
  if (lastNameProblem) addProblem(problems, "LastName", lastNameProblem);
  return { prefix: readPrefix(fields, problems), firstName, lastName };
}

/** Absent or empty means none (-1); anything else must be one of the offered ids. */
function readPrefix(fields: Record<string, unknown>, problems: FieldProblems): number {
  const text = trimmedText(fields, "Prefix");
  if (text === "") return NO_PREFIX_ID;
  const id = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!isNamePrefixId(id)) {
    addProblem(problems, "Prefix", PREFIX_INVALID_MESSAGE);
    return NO_PREFIX_ID;
  }
  return id;
}

function readEmailChange(fields: Record<string, unknown>, currentEmail: string, problems: FieldProblems): EmailChange {
  const email = normaliseEmail(rawText(fields, "Email"));
  const password = rawText(fields, "Password");
  const problem = emailProblem(email);
  if (problem) addProblem(problems, "Email", problem);
  else if (email === normaliseEmail(currentEmail)) addProblem(problems, "Email", EMAIL_UNCHANGED_MESSAGE);
  if (password === "") addProblem(problems, "Password", EMAIL_PASSWORD_MISSING_MESSAGE);
  return { email, password };
}
