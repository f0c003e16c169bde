import { createHash } from "node:crypto";
import { passwordHasher as sharedHasher } from "../accounts";
import { normaliseEmail } from "../domain/email";
import { limitReached, refuse, type Refusal } from "../shared/refusal";
import { normalisedRecoveryCode } from "./recovery-codes";
import { recordStaffEvent } from "./staff-audit";
import type { StaffDependencies } from "./staff-dependencies";
import { staffRecords, type StaffAccount } from "./staff-records";
import type { StaffRole } from "./staff-roles";
import { acceptedTotpStep, looksLikeTotpCode } from "./totp";

/*
 * Staff sign-in (docs/back-office.md): an email, a password and a second
 * factor in one form, a code from the authenticator app or one recovery code.
 * The answer to anything wrong never says which part was wrong. Every attempt
 * counts against the rate-limit port, for its (address typed, client address)
 * pair and for the client address alone, before anything is checked.
 */

/** Who is signed in to the back office, as each request reads them. */
export interface SignedInStaff {
  id: number;
  email: string;
  role: StaffRole;
  /** When the account last enrolled: a session from before a new enrolment is over. */
  enrolledAt: string;
}

export interface StaffSignInRequest {
  email: string;
  password: string;
  /** Six digits from the authenticator, or a recovery code. */
  code: string;
}

export interface StaffSignedIn {
  staff: SignedInStaff;
  via: "authenticator" | "recovery-code";
  /** Set when a recovery code was used: how many are left. */
  recoveryCodesLeft?: number;
}

export const STAFF_SIGN_IN_FAILED_MESSAGE = "The email address, password or code is not right. Check them and try again.";

/** Attempts allowed in each window: for one address typed from one client, and from one client across every address. */
export const STAFF_SIGN_IN_LIMITS = { perAccountAtAddress: 10, perAddress: 30, windowMs: 15 * 60 * 1000 };

export function signedInStaffOf(account: StaffAccount): SignedInStaff | undefined {
  if (account.enrolledAt === null) return undefined;
  return { id: account.id, email: account.email, role: account.role, enrolledAt: account.enrolledAt };
}

export function staffSignIn(deps: StaffDependencies) {
  const records = staffRecords(deps.db);
  const hasher = deps.passwordHasher ?? sharedHasher;
  const clock = deps.clock ?? (() => new Date());

  async function throttled(email: string, ip: string): Promise<number> {
    const emailDigest = createHash("sha256").update(email).digest("hex");
    const { perAccountAtAddress, perAddress, windowMs } = STAFF_SIGN_IN_LIMITS;
    const results = await Promise.all([
      deps.rateLimiter.hit(`staff-sign-in:pair:${emailDigest}:${ip}`, perAccountAtAddress, windowMs),
      deps.rateLimiter.hit(`staff-sign-in:address:${ip}`, perAddress, windowMs),
    ]);
    return Math.max(0, ...results.map((result) => result.retryAfterSeconds));
  }

  /** The second factor: a code from the authenticator (each step once), or an unused recovery code (spent). */
  async function secondFactor(account: StaffAccount, code: string, now: Date): Promise<Omit<StaffSignedIn, "staff"> | undefined> {
    if (looksLikeTotpCode(code)) {
      const step = account.totpSecret === null ? undefined : acceptedTotpStep(account.totpSecret, code, now, account.totpLastStep);
      return step !== undefined && (await records.acceptTotpStep(account.id, step)) ? { via: "authenticator" } : undefined;
    }
    if (normalisedRecoveryCode(code) === undefined || !(await records.spendRecoveryCode(account.id, code, now))) return undefined;
    return { via: "recovery-code", recoveryCodesLeft: await records.recoveryCodesLeft(account.id) };
  }

  return {
    async signIn(request: StaffSignInRequest, ip: string): Promise<StaffSignedIn | Refusal> {
      const email = normaliseEmail(request.email);
      const missing = {
        ...(email === "" ? { email: ["Enter your email address."] } : {}),
        ...(request.password === "" ? { password: ["Enter your password."] } : {}),
        ...(request.code.trim() === "" ? { code: ["Enter the code from your authenticator app, or a recovery code."] } : {}),
      };
      if (Object.keys(missing).length > 0) return refuse("invalid", "Enter your email address, password and code.", { errors: missing });
      const failed = (reason: "wrong-credentials" | "throttled", target: StaffAccount | undefined) =>
        recordStaffEvent(deps.audit, { event: "staff.sign-in-failed", actorId: null, target: target ?? null, ip, details: { email, reason } });

      const waitSeconds = await throttled(email, ip);
      if (waitSeconds > 0) {
        await failed("throttled", undefined);
        const minutes = Math.ceil(waitSeconds / 60);
        return limitReached(`Too many attempts. Wait ${minutes} ${minutes === 1 ? "minute" : "minutes"}, then try again.`, waitSeconds, { rule: "staff-sign-in-throttle" });
      }
      const account = await records.byEmail(email);
      const passwordRight =
        account?.passwordHash && account.enrolledAt !== null ? await hasher.verify(request.password, account.passwordHash) : await hasher.verifyAgainstDummy(request.password);
      const factor = account && passwordRight ? await secondFactor(account, request.code.trim(), clock()) : undefined;
      const staff = account && factor ? signedInStaffOf(account) : undefined;
      if (!staff || !factor) {
        await failed("wrong-credentials", account);
        return refuse("forbidden", STAFF_SIGN_IN_FAILED_MESSAGE, { rule: "staff-sign-in" });
      }
      const details: Record<string, string | number> = { via: factor.via };
      if (factor.recoveryCodesLeft !== undefined) details.recoveryCodesLeft = factor.recoveryCodesLeft;
      await recordStaffEvent(deps.audit, { event: "staff.signed-in", actorId: staff.id, target: staff, ip, details });
      return { staff, ...factor };
    },

    /** The signed-in staff member a session names, while the account exists and has not enrolled again since. */
    async staffForSession(staffId: number, enrolledAt: string): Promise<SignedInStaff | undefined> {
      const account = await records.byId(staffId);
      const staff = account && signedInStaffOf(account);
      return staff?.enrolledAt === enrolledAt ? staff : undefined;
    },

    async signedOut(staff: SignedInStaff, ip: string): Promise<void> {
      await recordStaffEvent(deps.audit, { event: "staff.signed-out", actorId: staff.id, target: staff, ip });
    },
  };
}
