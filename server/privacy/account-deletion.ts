import { type AccountUpdateOutcome, checkCurrentPassword, type CurrentPasswordCheckDependencies, eraseAccount, refused, textField } from "../accounts";
import type { AuditLog } from "../audit";
import type { CrmPort } from "../crm";
import { inTransaction } from "../db/transactions";
import { forgetMessagesTo } from "../mail/outbox";
import { forgetReminderChoice } from "../memberships";
import { eraseRequestsOf } from "../requests";
import { leaveEverySchool, forgetInvitesOf } from "../schools";
import { deleteNotesOf, deleteShareLinksOf, forgetSavedResources } from "../resources";

/*
 * "Delete my account" (docs/my-account.md; UK GDPR, right to erasure),
 * confirmed with the current password (checked and rate-limited as the email
 * and password changes are). In one transaction: every school role ends and
 * its seat is given back (through the seats code, so counts stay right);
 * notes, saved resources, share links, their requests (with the contact messages), their membership reminder choice and invites to the address are deleted; the CRM erases
 * the person (CrmPort.erasePerson: addresses go, the record becomes an anonymised placeholder);
 * accounts takes the password and the verified address away, so it can never sign in, and
 * moves auth_version on, so every session signed in as them ends. Orders
 * stay, for accounting, pointing at that placeholder (no name, no email).
 * Any failure leaves everything as it was.
 */

export const PASSWORD_REQUIRED_MESSAGE = "Enter your current password to delete your account.";

export interface AccountDeletionDependencies extends CurrentPasswordCheckDependencies {
  /** The CRM port; its calls here are one unit with the deletion's transaction (CrmPort.inTransaction, `joining`). */
  crm: CrmPort;
  /** Records the deletion in the same transaction, so the audit trail and the erasure stand or fall together. */
  audit: AuditLog;
}

export async function deleteAccount(
  deps: AccountDeletionDependencies,
  personId: number,
  body: unknown,
  now: Date,
  ip?: string,
): Promise<AccountUpdateOutcome<{ deletedAt: string }>> {
  // Read as the email and password changes read it: exactly as typed, never trimmed.
  const password = textField(body, "Password");
  if (password === "") return refused({ Password: [PASSWORD_REQUIRED_MESSAGE] });
  // Outside the transaction: hashing is slow, and nothing is locked while it runs.
  const checked = await checkCurrentPassword(deps, personId, password);
  if (!checked.ok) return checked;

  await eraseEverything(deps, personId, now, { actorId: personId, ip });
  return { ok: true, value: { deletedAt: now.toISOString() } };
}

/**
 * The erasure itself, one transaction: what "Delete my account" does once the
 * password is checked, and what staff do from the back office (`by`: who did
 * it, as the audit entry keeps it).
 */
export async function eraseEverything(
  deps: Pick<AccountDeletionDependencies, "db" | "crm" | "audit">,
  personId: number,
  now: Date,
  by: { actorId: number; ip?: string } | { staffActorId: number; ip?: string },
): Promise<void> {
  await inTransaction(deps.db, (trx) =>
    deps.crm.inTransaction(
      async (crm) => {
        await leaveEverySchool(crm, personId, now);
        await deleteNotesOf(trx, personId);
        await forgetSavedResources(trx, personId);
        await deleteShareLinksOf(trx, personId);
        await eraseRequestsOf(trx, personId);
        await forgetReminderChoice(trx, personId);
        const { FormerEmail: formerEmail } = await crm.erasePerson(personId, now);
        await eraseAccount(trx, personId);
        if (formerEmail) await forgetMessagesTo(trx, formerEmail);
        await forgetInvitesOf(trx, personId, formerEmail ?? undefined);
        const actor = "staffActorId" in by ? { actorId: null, staffActorId: by.staffActorId, record: { type: "person", id: personId } } : { actorId: by.actorId };
        await deps.audit.record({ event: "account.deleted", ...actor, subjectId: personId, ip: by.ip ?? null, details: "staffActorId" in by ? { by: "staff" } : undefined }, trx);
      },
      { joining: trx },
    ),
  );
}
