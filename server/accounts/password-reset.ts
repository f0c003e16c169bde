import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { FieldErrors } from "../shared/errors";
import type { RateLimiter } from "../rate-limit/rate-limit";
import { inTransaction } from "../db/transactions";
import type { Mailer } from "../mail/mailer";
import { findConstituentByEmail, type ConstituentCredentials, type PersonSources } from "./constituents";
import { replacePassword } from "./credentials";
import type { PasswordHasher } from "./password-hasher";
import { newPasswordProblems } from "./password-rules";
import { consumeResetToken, issueResetToken, RESET_TOKEN_LIFETIME_MINUTES } from "./reset-tokens";

export const PASSWORDS_DO_NOT_MATCH_MESSAGE = "Passwords do not match";

/** At most this many reset or set-password emails per person per hour, so nobody can flood an inbox. */
const LINKS_PER_PERSON_PER_HOUR = 5;

export interface PasswordLinkDependencies extends PersonSources {
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** The site's public address without a trailing slash: links in emails are absolute. */
  publicUrl: string;
}

/** The address in the email: opened once, it hands the token over and is replaced by a token-free URL. */
export function passwordLinkPath(token: string): string {
  return `/account/reset-password/${token}/`;
}

/**
 * Emails the person a single-use link to choose a password: "password-reset"
 * when they have one, "set-password" for a record with none yet (made by
 * staff or an import). Returns whether an email was sent (false past the
 * hourly limit). The token and its email commit together: the outbox
 * delivers the email, retrying while the mail server is down.
 */
export async function sendPasswordLink(
  deps: PasswordLinkDependencies,
  constituent: Pick<ConstituentCredentials, "id" | "email" | "first_name" | "password_hash">,
  now: Date,
): Promise<boolean> {
  const quota = await deps.rateLimiter.hit(`password-links:${constituent.id}`, LINKS_PER_PERSON_PER_HOUR, 60 * 60 * 1000);
  if (!quota.allowed) return false;
  await inTransaction(deps.db, async (trx) => {
    const token = await issueResetToken(trx, constituent.id, now);
    await deps.mailer.send(
      {
        to: constituent.email,
        template: constituent.password_hash ? "password-reset" : "set-password",
        context: {
          firstName: constituent.first_name,
          resetUrl: deps.publicUrl + passwordLinkPath(token),
          expiresInMinutes: RESET_TOKEN_LIFETIME_MINUTES,
        },
      },
      { db: trx },
    );
  });
  return true;
}

/** The "forgot password" request: a link for a known email, nothing for an unknown one; the caller answers the same either way. */
export async function requestPasswordReset(deps: PasswordLinkDependencies, email: string, now: Date): Promise<void> {
  const constituent = await findConstituentByEmail(deps, email);
  if (constituent) await sendPasswordLink(deps, constituent, now);
}

export type PasswordResetOutcome =
  | { kind: "reset"; constituent: { id: number; auth_version: number } }
  | { kind: "invalid"; errors: FieldErrors }
  /** Unknown, used or expired. */
  | { kind: "unusable-token" };

/**
 * Sets the new password when it passes the rules and the token is still
 * good. The password is checked first, so a typo does not spend the token.
 * Every session signed in with the old password ends (auth_version).
 */
export async function resetPassword(
  deps: { db: Kysely<Database>; hasher: PasswordHasher },
  request: { token: string; password: string; confirmPassword: string },
  now: Date,
): Promise<PasswordResetOutcome> {
  const errors: FieldErrors = {};
  const problems = await newPasswordProblems(request.password);
  if (problems.length > 0) errors.password = problems;
  else if (request.password !== request.confirmPassword) errors.confirm_password = [PASSWORDS_DO_NOT_MATCH_MESSAGE];
  if (Object.keys(errors).length > 0) return { kind: "invalid", errors };

  const passwordHash = await deps.hasher.hash(request.password);
  const constituentId = await consumeResetToken(deps.db, request.token, now);
  if (constituentId === undefined) return { kind: "unusable-token" };
  const authVersion = await replacePassword(deps.db, constituentId, passwordHash);
  return { kind: "reset", constituent: { id: constituentId, auth_version: authVersion } };
}
