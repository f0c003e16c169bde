import { readFile } from "node:fs/promises";
import path from "node:path";
import { passwordProblems, type CommonPasswords } from "../../contracts/rules/password-policy";
import { projectRoot } from "../paths";

/**
 * The shipped list of common passwords: the 10,000 most frequent from
 * zxcvbn-ts's language-common dictionary (MIT), one lower-cased password a line.
 */
export const commonPasswordsFile = path.join(projectRoot, "server", "accounts", "common-passwords.txt");

let commonPasswords: Promise<CommonPasswords> | undefined;

/** Read once per process, on first use. */
export function loadCommonPasswords(file: string = commonPasswordsFile): Promise<CommonPasswords> {
  commonPasswords ??= readFile(file, "utf8").then(
    (text) => new Set(text.split("\n").map((line) => line.trim().toLowerCase()).filter(Boolean)),
    (error: unknown) => {
      // Try again next time rather than caching the failure.
      commonPasswords = undefined;
      throw error;
    },
  );
  return commonPasswords;
}

/**
 * What is wrong with a proposed new password (empty when it is fine): the
 * spec's composition rule and the common-password check. Every route that
 * sets a password uses this.
 */
export async function newPasswordProblems(password: string): Promise<string[]> {
  return passwordProblems(password, await loadCommonPasswords());
}
