/** Emails are compared and stored trimmed and lower-cased (issue 5, "People and credentials"). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The spec's lookup messages (section 5), also used wherever an email is entered. */
export const EMAIL_MISSING_MESSAGE = "Please enter your email.";
export const EMAIL_INVALID_MESSAGE = "Please enter a valid email address";

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
  if (email.length > MAXIMUM_EMAIL_LENGTH || !emailShape.test(email)) return EMAIL_INVALID_MESSAGE;
  return undefined;
}
