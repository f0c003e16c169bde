import { emailProblem, normaliseEmail } from "../domain/email";
import { addProblem, characterCount, hasProblems, submittedRecord, trimmedText, type FieldProblems } from "../domain/submitted-fields";
import { controlCharacterProblem } from "../domain/text-input";

/**
 * What POST /account/contact-us-form/ asks for: `{ name, email, subject,
 * message }` (accounts spec, section 7), where subject is the chosen option's
 * TEXT, so it must be one of the configured options (CONTACT_SUBJECTS).
 */

export const CONTACT_NAME_MISSING_MESSAGE = "Enter your name";
export const CONTACT_SUBJECT_INVALID_MESSAGE = "Choose a subject from the list";
export const CONTACT_MESSAGE_MISSING_MESSAGE = "Enter your message";
export const CONTACT_NAME_MAXIMUM_LENGTH = 200;
export const CONTACT_MESSAGE_MAXIMUM_LENGTH = 5000;

export interface ContactMessage {
  name: string;
  /** Normalised (trimmed, lower-cased). */
  email: string;
  subject: string;
  message: string;
}

export type ContactMessageReading = { message: ContactMessage; problems?: undefined } | { message?: undefined; problems: FieldProblems };

export function readContactMessage(body: unknown, subjects: readonly string[]): ContactMessageReading {
  const fields = submittedRecord(body);
  const name = trimmedText(fields, "name");
  const email = normaliseEmail(trimmedText(fields, "email"));
  const subject = trimmedText(fields, "subject");
  // Only the ends are trimmed: the message's own line breaks are the sender's.
  const message = trimmedText(fields, "message");
  const problems: FieldProblems = {};

  if (name === "") addProblem(problems, "name", CONTACT_NAME_MISSING_MESSAGE);
  else if (characterCount(name) > CONTACT_NAME_MAXIMUM_LENGTH) {
    addProblem(problems, "name", `Your name must be ${CONTACT_NAME_MAXIMUM_LENGTH} characters or fewer`);
  } else {
    const controls = controlCharacterProblem(name, "your name");
    if (controls) addProblem(problems, "name", controls);
  }
  const problemWithEmail = emailProblem(email);
  if (problemWithEmail) addProblem(problems, "email", problemWithEmail);
  if (!subjects.includes(subject)) addProblem(problems, "subject", CONTACT_SUBJECT_INVALID_MESSAGE);
  if (message === "") addProblem(problems, "message", CONTACT_MESSAGE_MISSING_MESSAGE);
  else if (characterCount(message) > CONTACT_MESSAGE_MAXIMUM_LENGTH) {
    addProblem(problems, "message", `Your message must be ${CONTACT_MESSAGE_MAXIMUM_LENGTH.toLocaleString("en-GB")} characters or fewer`);
  } else {
    const controls = controlCharacterProblem(message, "your message", { multiline: true });
    if (controls) addProblem(problems, "message", controls);
  }
  return hasProblems(problems) ? { problems } : { message: { name, email, subject, message } };
}
