import type { CrmPort } from "../crm";
import { latestMembership } from "../domain/membership";
import type { SignInStanding } from "../../contracts/rules/sign-in-destination";
import { findConstituentByEmail, ownMemberships, type ConstituentCredentials, type PersonSources } from "./constituents";
import type { LoginSubjects, LoginThrottle } from "./login-throttle";
import type { PasswordHasher } from "./password-hasher";

export interface LoginDependencies extends PersonSources {
  hasher: PasswordHasher;
  throttle: LoginThrottle;
  /** Holds a slowed attempt (login-throttle.ts); a timer unless a test replaces it. */
  pause?: (ms: number) => Promise<void>;
}

export type LoginOutcome =
  | { kind: "signed-in"; constituent: ConstituentCredentials }
  /** Wrong password, unknown email, or an account with no password yet: one answer for all three. */
  | { kind: "refused" }
  | { kind: "throttled"; retryAfterSeconds: number };

/**
 * Checks an email (normalised) and password. A locked account-and-address
 * pair, or a locked address, is refused before any hashing; an account past
 * its own ceiling is held a moment first (slowed, never locked); then exactly
 * one password verification runs, against a dummy hash when there is no real
 * one, so every refusal takes the same time.
 */
export async function checkCredentials(deps: LoginDependencies, attempt: LoginSubjects & { password: string }): Promise<LoginOutcome> {
  const standing = await deps.throttle.standing(attempt);
  if (standing.retryAfterSeconds > 0) return { kind: "throttled", retryAfterSeconds: standing.retryAfterSeconds };
  if (standing.delayMs > 0) await (deps.pause ?? pauseFor)(standing.delayMs);

  const constituent = await findConstituentByEmail(deps, attempt.email);
  const passwordMatches = constituent?.password_hash
    ? await deps.hasher.verify(attempt.password, constituent.password_hash)
    : await deps.hasher.verifyAgainstDummy(attempt.password);
  if (constituent && passwordMatches) return { kind: "signed-in", constituent };

  const lockedForSeconds = await deps.throttle.recordFailure(attempt);
  return lockedForSeconds > 0 ? { kind: "throttled", retryAfterSeconds: lockedForSeconds } : { kind: "refused" };
}

/** What the person's affiliation is, for the login answer: their role at their school, or an individual member. */
export type AffiliationType = "admin" | "user" | "teacher" | "individual";

/** The role at the person's school and that school's latest membership expiry (server/memberships/school-standing.ts). */
export type SchoolStandingReader = (
  constituentId: number,
) => Promise<{ role: "admin" | "user" | "teacher"; expiresAt: string | null } | undefined>;

export interface LoginAnswer extends SignInStanding {
  affiliation_type: AffiliationType | null;
}

/**
 * The login answer for a signed-in person (accounts spec, section 3). Someone
 * affiliated with a school answers their role there and the school's
 * membership; otherwise an individual member's `school_membership_data`
 * carries their own latest membership; with none, both it and
 * `affiliation_type` are null.
 */
export async function loginAnswerFor(crm: Pick<CrmPort, "memberships">, constituentId: number, schoolStanding?: SchoolStandingReader): Promise<LoginAnswer> {
  const school = await schoolStanding?.(constituentId);
  if (school) {
    return {
      IsLoggedIn: true,
      affiliation_type: school.role,
      school_membership_data: school.expiresAt ? { ExpirationDateTime: school.expiresAt } : null,
    };
  }
  const membership = latestMembership(await ownMemberships(crm, constituentId));
  return {
    IsLoggedIn: true,
    affiliation_type: membership ? "individual" : null,
    school_membership_data: membership ? { ExpirationDateTime: membership.expires_at } : null,
  };
}

function pauseFor(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
