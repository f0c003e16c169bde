import { RESET_TOKEN_LIFETIME_MINUTES } from "./reset-tokens";
import { SIGN_IN_LINK_LIFETIME_MINUTES } from "./sign-in-links";

/** Sign-in messages shown to people: the spec's wording where it has one (accounts spec, section 8). */

export const LOGIN_FIELDS_MISSING_MESSAGE = "Please enter email and password";
export const LOGIN_FAILED_MESSAGE = "Login failed. Please check your credentials and try again.";

/** Not in the spec: during a lockout, "check your credentials" would send people round in circles. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} and try again, or reset your password.`;
}

/** The answer to "Email me a sign-in link", account or not. */
export const SIGN_IN_LINK_SENT_MESSAGE = `If there is an account for that email address, we have sent it a sign-in link. The link works once, for ${SIGN_IN_LINK_LIFETIME_MINUTES} minutes.`;

export const SIGN_IN_LINK_UNUSABLE_MESSAGE = `This sign-in link has expired or has already been used. Ask for a new one from the sign-in page: it will work for ${SIGN_IN_LINK_LIFETIME_MINUTES} minutes.`;

export const TOO_MANY_REQUESTS_MESSAGE = "Too many requests from your connection. Wait 15 minutes, then try again.";

/** After a lookup found an account with no password: a set-password link is on its way. */
export function checkEmailMessage(email: string): string {
  return `We've sent an email to ${email} with a link to set your password. The link works once, for ${RESET_TOKEN_LIFETIME_MINUTES} minutes.`;
}

export const NO_ACCOUNT_FOUND_MESSAGE = "No account found with that email address. Please register.";

export const RESET_LINK_UNUSABLE_MESSAGE =
  "This link has expired or has already been used. Ask for a new link: it will work for one hour.";

export const SIGNED_OUT_MESSAGE = "You must be signed in.";
