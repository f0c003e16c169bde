/*
 * The accounts capability's front door: from outside server/accounts/, this
 * file is the only one imported (docs/architecture.md, "Import rules").
 */

export { createAccountsService, type AccountsService } from "./accounts-service";
export { hashPassword } from "./password-hashing";
export { createEmailVerificationService, type AlreadyConfirmed, type EmailVerificationService } from "./email-verification";
export type { CurrentUser, SessionUser } from "./current-user";
export { createSessionPeople, SESSION_PERSON_TTL_MS, type SessionPeople } from "./session-people";
export type { LookupAnswer } from "./account-lookup";
export { accountDetailsOf, type AccountDetails } from "./profile";
export { refused, type AccountUpdateOutcome } from "./account-update-outcome";
export { ACCOUNT_FORMS, type AccountForm, type AccountPageForm } from "./account-notices";
export {
  checkEmailMessage,
  LOGIN_FAILED_MESSAGE,
  LOGIN_FIELDS_MISSING_MESSAGE,
  NO_ACCOUNT_FOUND_MESSAGE,
  RESET_LINK_UNUSABLE_MESSAGE,
  SIGN_IN_LINK_SENT_MESSAGE,
  SIGN_IN_LINK_UNUSABLE_MESSAGE,
  SIGNED_OUT_MESSAGE,
  TOO_MANY_REQUESTS_MESSAGE,
  tooManyAttemptsMessage,
} from "./messages";
export { EMAIL_TAKEN_MESSAGE } from "./registration";
export { ALREADY_CONFIRMED_MESSAGE } from "./unconfirmed-address";
export { RESET_TOKEN_LIFETIME_MINUTES } from "./reset-tokens";
export { SIGN_IN_LINK_LIFETIME_MINUTES } from "./sign-in-links";
export { textField, trimmedField } from "./request-fields";
export { readPendingChoice, type PendingChoice } from "./email-verification-choice";
export { checkCurrentPassword, type CurrentPasswordCheckDependencies } from "./current-password-check";
export { passwordHasher, PasswordHasher } from "./password-hasher";
export { newPasswordProblems } from "./password-rules";
export { replacePassword } from "./credentials";
export { findConstituentByEmail, findSessionUser, ownMemberships } from "./constituents";
export { markEmailVerified, verifiedEmailOf } from "./email-verification-tokens";
export { hashSingleUseToken, newSingleUseToken, singleUseTokenPattern } from "./single-use-tokens";
export { eraseAccount, profileForExport } from "./personal-data";
