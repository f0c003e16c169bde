import { passwordProblems, type CommonPasswords } from "../../contracts/rules/password-policy";
import { addProblem, hasField, hasProblems, rawText, submittedRecord, type FieldProblems } from "../domain/submitted-fields";

/**
 * What PUT /account/update-password/ asks for: `{ Password, NewPassword }`
 * (accounts spec, section 7), plus ConfirmPassword when the sender has a
 * confirm field (the plain form does; the widget checks it before sending).
 * Pure: whether the current password is right is the service's part.
 */

export const CURRENT_PASSWORD_MISSING_MESSAGE = "Enter your current password";
export const NEW_PASSWORD_MISSING_MESSAGE = "Enter a new password";
/** The spec's wording (section 5). */
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = "Passwords do not match";
export const NEW_PASSWORD_UNCHANGED_MESSAGE = "Your new password must be different from your current password";

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
}

export type PasswordChangeReading = { change: PasswordChange; problems?: undefined } | { change?: undefined; problems: FieldProblems };

/** Passwords are taken exactly as typed: never trimmed. */
export function readPasswordChange(body: unknown, commonPasswords: CommonPasswords): PasswordChangeReading {
  const fields = submittedRecord(body);
  const currentPassword = rawText(fields, "Password");
  const newPassword = rawText(fields, "NewPassword");
  const problems: FieldProblems = {};
  if (currentPassword === "") addProblem(problems, "Password", CURRENT_PASSWORD_MISSING_MESSAGE);
  if (newPassword === "") addProblem(problems, "NewPassword", NEW_PASSWORD_MISSING_MESSAGE);
  else if (newPassword === currentPassword) addProblem(problems, "NewPassword", NEW_PASSWORD_UNCHANGED_MESSAGE);
  else for (const problem of passwordProblems(newPassword, commonPasswords)) addProblem(problems, "NewPassword", problem);
  if (hasField(fields, "ConfirmPassword") && rawText(fields, "ConfirmPassword") !== newPassword) {
    addProblem(problems, "ConfirmPassword", PASSWORDS_DO_NOT_MATCH_MESSAGE);
  }
  return hasProblems(problems) ? { problems } : { change: { currentPassword, newPassword } };
}
