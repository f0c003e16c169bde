import { controlCharacterProblem, enteredText } from "./text-input";

/**
 * Emails are compared and stored trimmed, lower-cased (issue 5, "People and
 * credentials") and in Unicode NFC (issue 22): josé@ typed precomposed or
 * with a combining accent is one address, so one account.
 */
export function normaliseEmail(email: string): string {
  return enteredText(email.toLowerCase());
}

/** The spec's lookup messages (section 5), also used wherever an email is entered. */
export const EMAIL_MISSING_MESSAGE = "Please enter your email.";
export const EMAIL_INVALID_MESSAGE = "Please enter a valid email address";
/** The spec's message for a taken email at sign-up (section 8), shown on the email field; its wording is the spec's. */
export const EMAIL_TAKEN_MESSAGE =
  "The email address you entered is already associated with an account. Please log in or try again with another email address.";

/** RFC 5321 caps a whole address at 254 characters. */
const MAXIMUM_EMAIL_LENGTH = 254;

/**
 * A practical shape check, like the browser's type="email" plus a dot in the
 * domain: something@label.label, no spaces. Deliverability is proven by mail,
 * not by a pattern.
 */
const emailShape = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The message for an entered email, or undefined when it is usable. Pass it normalised. */
export function emailProblem(email: string): string | undefined {
  if (email === "") return EMAIL_MISSING_MESSAGE;
  const controls = controlCharacterProblem(email, "the email address");
  if (controls) return controls;
  if (email.length > MAXIMUM_EMAIL_LENGTH || !emailShape.test(email)) return EMAIL_INVALID_MESSAGE;
  return undefined;
}
