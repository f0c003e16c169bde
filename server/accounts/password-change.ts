import { readPasswordChange } from "./password-change-rules";
import { refused, type AccountUpdateOutcome } from "./account-update-outcome";
import { replacePassword } from "./credentials";
import { checkCurrentPassword, type CurrentPasswordCheckDependencies } from "./current-password-check";
import { loadCommonPasswords } from "./password-rules";

/**
 * A signed-in person's password change (PUT /account/update-password/).
 * Saving bumps the account's auth_version, which ends every session signed
 * in before; the route then signs the current session in again under a new
 * id (server/http/session-user.ts), so only this browser stays signed in.
 */

export type PasswordChangeDependencies = CurrentPasswordCheckDependencies;

export interface PasswordChanged {
  /** The account's new auth_version: the one the re-signed-in session must carry. */
  authVersion: number;
}

export async function changePassword(
  dependencies: PasswordChangeDependencies,
  constituentId: number,
  body: unknown,
): Promise<AccountUpdateOutcome<PasswordChanged>> {
  const reading = readPasswordChange(body, await loadCommonPasswords());
  if (reading.problems) return refused(reading.problems);
  const { currentPassword, newPassword } = reading.change;

  const passwordCheck = await checkCurrentPassword(dependencies, constituentId, currentPassword);
  if (!passwordCheck.ok) return passwordCheck;

  const passwordHash = await dependencies.hasher.hash(newPassword);
  const authVersion = await replacePassword(dependencies.db, constituentId, passwordHash);
  return { ok: true, value: { authVersion } };
}
