import type { AuditLog } from "../audit";
import type { AccountUpdateOutcome } from "./account-update-outcome";
import type { LoginOutcome } from "./login";
import type { LoginSubjects } from "./login-throttle";
import type { PasswordChanged } from "./password-change";
import type { PasswordResetOutcome } from "./password-reset";
import type { ProfileUpdate } from "./profile";

/*
 * The account events the audit log keeps (docs/audit.md), recorded once the
 * change is saved: each function takes the outcome, records it when it is a
 * success (or, for sign-in, a refusal too) and hands it back unchanged.
 */

/** A refused sign-in keeps the email as typed (normalised): what an investigator searches for. */
export async function auditSignIn(audit: AuditLog, attempt: LoginSubjects, outcome: LoginOutcome): Promise<LoginOutcome> {
  if (outcome.kind === "signed-in") {
    await audit.record({ event: "sign-in.succeeded", actorId: outcome.constituent.id, subjectId: outcome.constituent.id, ip: attempt.address });
  } else {
    const reason = outcome.kind === "throttled" ? "throttled" : "wrong-credentials";
    await audit.record({ event: "sign-in.failed", ip: attempt.address, details: { email: attempt.email, reason } });
  }
  return outcome;
}

/** A sign-in by emailed link is a sign-in like the others, marked `via`; a refused link has no account to name. */
export async function auditLinkSignIn<T extends { id: number }>(audit: AuditLog, ip: string | undefined, signedIn: T | undefined): Promise<T | undefined> {
  if (signedIn) await audit.record({ event: "sign-in.succeeded", actorId: signedIn.id, subjectId: signedIn.id, ip, details: { via: "emailed-link" } });
  else await audit.record({ event: "sign-in.failed", ip, details: { reason: "unusable-link" } });
  return signedIn;
}

export async function auditPasswordChange(
  audit: AuditLog,
  constituentId: number,
  ip: string | undefined,
  outcome: AccountUpdateOutcome<PasswordChanged>,
): Promise<AccountUpdateOutcome<PasswordChanged>> {
  if (outcome.ok) await audit.record({ event: "password.changed", actorId: constituentId, subjectId: constituentId, ip });
  return outcome;
}

export async function auditPasswordReset(audit: AuditLog, ip: string | undefined, outcome: PasswordResetOutcome): Promise<PasswordResetOutcome> {
  if (outcome.kind === "reset") await audit.record({ event: "password.reset", subjectId: outcome.constituent.id, ip });
  return outcome;
}

export async function auditEmailChange(
  audit: AuditLog,
  constituentId: number,
  ip: string | undefined,
  outcome: AccountUpdateOutcome<ProfileUpdate>,
): Promise<AccountUpdateOutcome<ProfileUpdate>> {
  // The change itself ("email.changed") is recorded when its link is followed (email-verification.ts).
  if (outcome.ok && outcome.value.pendingEmail) {
    await audit.record({
      event: "email.change-requested",
      actorId: constituentId,
      subjectId: constituentId,
      ip,
      details: { newEmail: outcome.value.pendingEmail },
    });
  }
  return outcome;
}
