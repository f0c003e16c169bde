/**
 * The password rule for every new password (sign-up, reset, change). Pure:
 * the list of common passwords is passed in. The wizard's sign-up form shows
 * the same message and minimum length; the server's routes use
 * `newPasswordProblems` in server/accounts/password-rules.ts, which loads the
 * shipped list (server/domain/common-passwords.txt) and calls this.
 */

/** The spec's wording (accounts spec, sections 5 and 9). */
export const PASSWORD_RULE_MESSAGE =
  "Password must be at least 8 characters long and include uppercase & lowercase letters, a number, and a symbol.";
export const COMMON_PASSWORD_MESSAGE = "This password is too easy to guess. Choose a password that is not a common word or pattern.";
export const PASSWORD_MINIMUM_LENGTH = 8;
/** The hint under every new-password field (the wizard, reset, My account), said before it is broken. */
export const PASSWORD_HINT = `At least ${PASSWORD_MINIMUM_LENGTH} characters, with uppercase and lowercase letters, a number and a symbol.`;
/** Generous, so passphrases and password managers fit; the cap only stops absurd inputs. */
export const PASSWORD_MAXIMUM_LENGTH = 256;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be ${PASSWORD_MAXIMUM_LENGTH} characters or fewer.`;

/** Lower-cased common passwords, e.g. a Set read from common-passwords.txt. */
export type CommonPasswords = ReadonlySet<string>;

const noCommonPasswords: CommonPasswords = new Set();

/** Leading and trailing digits and symbols: "Password1!" is "password" with decoration. */
const decoration = /^[^\p{L}]+|[^\p{L}]+$/gu;

/**
 * The messages to show for a proposed password; empty when it is acceptable.
 * Length counts characters (code points), not UTF-16 units.
 */
export function passwordProblems(password: string, commonPasswords: CommonPasswords = noCommonPasswords): string[] {
  const length = [...password].length;
  if (length > PASSWORD_MAXIMUM_LENGTH) return [PASSWORD_TOO_LONG_MESSAGE];
  if (!meetsCompositionRule(password, length)) return [PASSWORD_RULE_MESSAGE];
  if (isCommonPassword(password, commonPasswords)) return [COMMON_PASSWORD_MESSAGE];
  return [];
}

function meetsCompositionRule(password: string, length: number): boolean {
  return (
    length >= PASSWORD_MINIMUM_LENGTH &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\p{N}/u.test(password) &&
    /[^\p{L}\p{N}]/u.test(password)
  );
}

/**
 * Whether the password, ignoring case, is on the list, or is a listed word
 * dressed up with digits and symbols at its ends (the usual way people meet a
 * composition rule: "Password1!", "!Qwerty2024").
 */
export function isCommonPassword(password: string, commonPasswords: CommonPasswords): boolean {
  const lowered = password.toLowerCase();
  if (commonPasswords.has(lowered)) return true;
  const core = lowered.replace(decoration, "");
  return core.length >= 4 && commonPasswords.has(core);
}
