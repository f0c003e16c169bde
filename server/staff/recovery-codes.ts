import { createHash, randomInt } from "node:crypto";

/*
 * Recovery codes: ten per enrolment, each good for one sign-in in place of
 * the authenticator's code. Shown once, kept only as a sha256 (a code holds
 * about 59 random bits, too many to guess behind the sign-in's rate limit, and a copy
 * of the table cannot be typed in). Written in two groups of six from an
 * alphabet without look-alikes (no 0/O, 1/l/I), case and dashes ignored.
 */

export const RECOVERY_CODE_COUNT = 10;

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const GROUP = 6;

function group(): string {
  let text = "";
  for (let index = 0; index < GROUP; index += 1) text += ALPHABET[randomInt(ALPHABET.length)];
  return text;
}

/** Ten new codes as shown to the person, e.g. "k7mq2x-9rtc4h". */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
}

/** The code as typed, in the one form that is hashed: lower case, without spaces or dashes; undefined when it cannot be one. */
export function normalisedRecoveryCode(typed: string): string | undefined {
  const code = typed.toLowerCase().replace(/[\s-]+/g, "");
  return code.length === GROUP * 2 && [...code].every((character) => ALPHABET.includes(character)) ? code : undefined;
}

export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normalisedRecoveryCode(code) ?? code).digest("hex");
}
