import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { RateLimiter } from "../rate-limit/rate-limit";
import { refused, tooManyAttempts, type AccountUpdateOutcome } from "./account-update-outcome";
import { credentialsOf } from "./credentials";
import type { PasswordHasher } from "./password-hasher";

export const CURRENT_PASSWORD_WRONG_MESSAGE = "The password you entered is incorrect. Enter your current password.";
export const CURRENT_PASSWORD_CHECKS_EXHAUSTED_MESSAGE =
  "You have entered your current password too many times. Wait 15 minutes, then try again.";

/**
 * Checks of a signed-in person's current password allowed per window, right
 * or wrong. Changing an email or a password is rare, so this only ever stops
 * someone at an unattended, signed-in computer guessing the password.
 */
export const CURRENT_PASSWORD_CHECK_LIMIT = { checks: 10, windowMs: 15 * 60 * 1000 };

export interface CurrentPasswordCheckDependencies {
  db: Kysely<Database>;
  hasher: PasswordHasher;
  rateLimiter: RateLimiter;
}

/**
 * Whether `password` is the person's current one. The refusal names the
 * field the password was typed in (`Password` for both the email and the
 * password forms), so it shows beside it.
 */
export async function checkCurrentPassword(
  dependencies: CurrentPasswordCheckDependencies,
  constituentId: number,
  password: string,
): Promise<AccountUpdateOutcome<true>> {
  const { checks, windowMs } = CURRENT_PASSWORD_CHECK_LIMIT;
  const limit = await dependencies.rateLimiter.hit(`current-password:${constituentId}`, checks, windowMs);
  if (!limit.allowed) return tooManyAttempts({ Password: [CURRENT_PASSWORD_CHECKS_EXHAUSTED_MESSAGE] }, limit.retryAfterSeconds);

  const { passwordHash } = await credentialsOf(dependencies.db, constituentId);
  // An account without a password (made by staff or an import) has none to confirm: same answer, same effort.
  const matches = passwordHash
    ? await dependencies.hasher.verify(password, passwordHash)
    : await dependencies.hasher.verifyAgainstDummy(password);
  return matches ? { ok: true, value: true } : refused({ Password: [CURRENT_PASSWORD_WRONG_MESSAGE] });
}
