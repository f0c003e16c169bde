import type { Kysely } from "kysely";
import type { AuditLog } from "../audit";
import type { Config } from "../config";
import type { CrmPort } from "../crm";
import type { Database } from "../db/schema";
import type { Logger } from "../logging";
import type { Mailer } from "../mail/mailer";
import type { RateLimiter } from "../rate-limit/rate-limit";
import { auditEmailChange, auditLinkSignIn, auditPasswordChange, auditPasswordReset, auditSignIn } from "./account-audit";
import { lookupAccount, type LookupAnswer } from "./account-lookup";
import { type AccountUpdateOutcome, refused, tooManyAttempts } from "./account-update-outcome";
import { findSessionUser, ownMemberships } from "./constituents";
import type { CurrentUser, SessionUser } from "./current-user";
import { createSessionPeople, type SessionPeople } from "./session-people";
import { checkCredentials, loginAnswerFor, type LoginAnswer, type LoginOutcome, type SchoolStandingReader } from "./login";
import { LoginThrottle, type LoginSubjects } from "./login-throttle";
import { changePassword, type PasswordChanged } from "./password-change";
import { passwordHasher as sharedPasswordHasher, type PasswordHasher } from "./password-hasher";
import { requestPasswordReset, resetPassword, type PasswordResetOutcome } from "./password-reset";
import { type AccountDetails, loadAccountDetails, type ProfileUpdate, tooManyChangeLinksMessage, updateProfile } from "./profile";
import { registerConstituent, type RegistrationOutcome, type RegistrationRequest } from "./registration";
import { findUsableToken } from "./reset-tokens";
import { cancelEmailChange, EMAIL_CHANGE_LINKS_PER_HOUR, pendingEmailChange, resendEmailChangeLink, type PendingEmailChange } from "./email-change";
import { requestSignInLink, signInLinkIsUsable, spendSignInLink } from "./sign-in-links";

/**
 * Everything the account pages and calls do (docs/accounts.md, docs/my-account.md):
 * sign-in, sign-up, password reset, My account's profile and password
 * forms, and the session check (the contact form is server/requests/). Each write returns an outcome; the
 * routes turn it into a status, a page or a redirect.
 */
export interface AccountsService {
  checkCredentials(attempt: LoginSubjects & { password: string }): Promise<LoginOutcome>;
  /** Emails a sign-in link when there is an account; the same work and the same quiet answer when there is not (sign-in-links.ts). */
  requestSignInLink(email: string, now: Date): Promise<void>;
  /** Whether the sign-in link's token still works (the page before its button). */
  signInLinkIsUsable(token: string, now: Date): Promise<boolean>;
  /** Spends a sign-in link: who it signs in, or undefined (unknown, used or expired). Audited as a sign-in. */
  signInWithLink(token: string, now: Date, ip?: string): Promise<{ id: number; auth_version: number } | undefined>;
  /** The login call's answer for a person just signed in. */
  loginAnswerFor(constituentId: number): Promise<LoginAnswer>;
  /** The person's details and auth_version (uncached). */
  findSessionUser(constituentId: number): Promise<SessionUser | undefined>;
  /**
   * What a signed-in request needs about its person, once per request
   * (session-people.ts): undefined when they no longer exist or changed their
   * password since `authVersion`.
   */
  sessionPerson(sessionId: string, constituentId: number, authVersion: number | undefined): Promise<CurrentUser | undefined>;
  /** Signed out: what was kept for the session goes. */
  forgetSessionPerson(sessionId: string): void;
  lookupAccount(email: string, now: Date): Promise<LookupAnswer>;
  register(request: RegistrationRequest, now: Date): Promise<RegistrationOutcome>;
  /** Sends a reset link when there is an account; the same quiet answer when there is not. */
  requestPasswordReset(email: string, now: Date): Promise<void>;
  /** Whether the reset link's token still works. */
  resetTokenIsUsable(token: string, now: Date): Promise<boolean>;
  /** `ip`, here and below: the client's address, for the audit log (docs/audit.md). */
  resetPassword(request: { token: string; password: string; confirmPassword: string }, now: Date, ip?: string): Promise<PasswordResetOutcome>;
  accountDetails(constituentId: number): Promise<AccountDetails | undefined>;
  memberships(constituentId: number): Promise<{ expires_at: string }[]>;
  updateProfile(constituentId: number, body: unknown, ip?: string): Promise<AccountUpdateOutcome<ProfileUpdate>>;
  changePassword(constituentId: number, body: unknown, ip?: string): Promise<AccountUpdateOutcome<PasswordChanged>>;
  /** The email change waiting on its link, if any (docs/my-account.md). */
  pendingEmailChange(constituentId: number): Promise<PendingEmailChange | undefined>;
  /** Sends the pending change's link again; limited with the requests, per person per hour. */
  resendEmailChange(constituentId: number): Promise<AccountUpdateOutcome<PendingEmailChange>>;
  /** Cancels the pending change: its links stop working. */
  cancelEmailChange(constituentId: number): Promise<AccountUpdateOutcome<PendingEmailChange>>;
}

export interface AccountsServiceDependencies {
  db: Kysely<Database>;
  /** The person's record: sign-up creates it through the port (docs/crm.md). */
  crm: CrmPort;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  logger: Logger;
  /** Sign-ins, password and email changes (docs/audit.md). */
  audit: AuditLog;
  config: Pick<Config, "publicUrl">;
  /** Defaults to the process's shared, concurrency-capped hasher. */
  hasher?: PasswordHasher;
  /** The person's role at their school and its membership's expiry, for the login answer (server/memberships). */
  schoolStanding?: SchoolStandingReader;
  /** What each request needs about its signed-in person; the composition root shares it with the CRM's change watcher. Default: its own. */
  sessionPeople?: SessionPeople;
}

export function createAccountsService(deps: AccountsServiceDependencies): AccountsService {
  const { db, mailer, rateLimiter, logger, config, audit } = deps;
  const hasher = deps.hasher ?? sharedPasswordHasher;
  // The first sign-in should not pay for starting the hashing workers.
  hasher.warmUp();
  const throttle = new LoginThrottle(db, rateLimiter);
  const linkDependencies = { db, crm: deps.crm, mailer, rateLimiter, publicUrl: config.publicUrl };
  const passwordDependencies = { db, hasher, rateLimiter };
  const profileDependencies = { ...passwordDependencies, crm: deps.crm, mailer, logger, publicUrl: config.publicUrl };
  const noPendingChange = refused({ __all__: ["There is no email change waiting to be confirmed."] });
  const verificationDependencies = { db, mailer, rateLimiter, logger, publicUrl: config.publicUrl };
  const sessionPeople = deps.sessionPeople ?? createSessionPeople({ db, crm: deps.crm });

  return {
    checkCredentials: async (attempt) => auditSignIn(audit, attempt, await checkCredentials({ db, crm: deps.crm, hasher, throttle }, attempt)),
    requestSignInLink: (email, now) => requestSignInLink(linkDependencies, email, now),
    signInLinkIsUsable: (token, now) => signInLinkIsUsable(db, token, now),
    signInWithLink: async (token, now, ip) => auditLinkSignIn(audit, ip, await spendSignInLink(db, deps.crm, token, now)),
    loginAnswerFor: (constituentId) => loginAnswerFor(deps.crm, constituentId, deps.schoolStanding),
    findSessionUser: (constituentId) => findSessionUser({ db, crm: deps.crm }, constituentId),
    sessionPerson: (sessionId, constituentId, authVersion) => sessionPeople.find(sessionId, constituentId, authVersion),
    forgetSessionPerson: (sessionId) => sessionPeople.forgetSession(sessionId),
    lookupAccount: (email, now) => lookupAccount(linkDependencies, email, now),
    register: (request, now) => registerConstituent({ db, crm: deps.crm, hasher, verification: verificationDependencies }, request, now),
    requestPasswordReset: (email, now) => requestPasswordReset(linkDependencies, email, now),
    resetTokenIsUsable: async (token, now) => (await findUsableToken(db, token, now)) !== undefined,
    resetPassword: async (request, now, ip) => auditPasswordReset(audit, ip, await resetPassword({ db, hasher }, request, now)),
    accountDetails: (constituentId) => loadAccountDetails(deps.crm, constituentId),
    memberships: (constituentId) => ownMemberships(deps.crm, constituentId),
    updateProfile: async (constituentId, body, ip) =>
      auditEmailChange(audit, constituentId, ip, await updateProfile(profileDependencies, constituentId, body)),
    changePassword: async (constituentId, body, ip) =>
      auditPasswordChange(audit, constituentId, ip, await changePassword(passwordDependencies, constituentId, body)),
    pendingEmailChange: (constituentId) => pendingEmailChange(db, constituentId, new Date()),
    async resendEmailChange(constituentId) {
      const now = new Date();
      const pending = await pendingEmailChange(db, constituentId, now);
      const current = await loadAccountDetails(deps.crm, constituentId);
      if (!pending || !current) return noPendingChange;
      const quota = await rateLimiter.hit(`email-change-links:${constituentId}`, EMAIL_CHANGE_LINKS_PER_HOUR, 60 * 60 * 1000);
      if (!quota.allowed) return tooManyAttempts({ __all__: [tooManyChangeLinksMessage(quota.retryAfterSeconds)] }, quota.retryAfterSeconds);
      const person = { id: constituentId, firstName: current.FirstName, currentEmail: current.Email, newEmail: pending.email };
      await resendEmailChangeLink({ mailer, publicUrl: config.publicUrl }, db, person, now);
      return { ok: true, value: pending };
    },
    async cancelEmailChange(constituentId) {
      const pending = await pendingEmailChange(db, constituentId, new Date());
      if (!pending || !(await cancelEmailChange(db, constituentId, new Date()))) return noPendingChange;
      return { ok: true, value: pending };
    },
  };
}
