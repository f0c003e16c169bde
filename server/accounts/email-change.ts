import { sql, type Kysely } from "kysely";
import type { CrmPort } from "../crm";
import { hotQuery } from "../db/hot-query";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import type { Mailer } from "../mail/mailer";
import {
  issueVerificationToken,
  markEmailVerified,
  spendOutstandingTokens,
  tokensNewestFirst,
  VERIFICATION_TOKEN_LIFETIME_MINUTES,
  type VerificationTokenRecord,
} from "./email-verification-tokens";

/*
 * A confirmed email change (docs/my-account.md, "Email"): asking for a new
 * address stores a "change" link in email_verification_tokens (migration 0023:
 * single-use, hashed, three days, like every verification link) and mails it
 * to the NEW address, with a notice to the current one. The account keeps
 * signing in with its current address until the link is followed; following
 * it (GET /account/verify-email/, email-verification.ts) switches the address,
 * marks it verified and tells the old address. A typo therefore locks nobody out.
 */

export const EMAIL_TAKEN_BY_THEN_MESSAGE =
  "That email address is now used by another account, so we couldn't change yours to it. Sign in with your current address and ask for the change again with another address.";

/** Requests and resends of the change link share this limit, per person per hour. */
export const EMAIL_CHANGE_LINKS_PER_HOUR = 5;

export interface EmailChangeMailDependencies {
  mailer: Mailer;
  /** The site's public address without a trailing slash. */
  publicUrl: string;
}

export interface PendingEmailChange {
  /** The address the account switches to once the link is followed. */
  email: string;
}

export function emailChangeLinkPath(token: string): string {
  return `/account/verify-email/?token=${token}`;
}

/**
 * In the caller's transaction: replaces any earlier pending change, stores the
 * new one's link, and queues the confirmation (to the new address) and the
 * notice (to the current one), so the request and its emails commit together.
 */
export async function requestEmailChange(
  deps: EmailChangeMailDependencies,
  trx: Kysely<Database>,
  person: { id: number; firstName: string; currentEmail: string; newEmail: string },
  now: Date,
): Promise<void> {
  await spendOutstandingTokens(trx, person.id, "change", now);
  await sendChangeLink(deps, trx, person, now);
  await deps.mailer.send(
    { to: person.currentEmail, template: "email-change-requested", context: { firstName: person.firstName, newEmail: person.newEmail } },
    { db: trx },
  );
}

/** Sends the pending change's link again (earlier links keep working until one is followed). */
export async function resendEmailChangeLink(
  deps: EmailChangeMailDependencies,
  db: Kysely<Database>,
  person: { id: number; firstName: string; currentEmail: string; newEmail: string },
  now: Date,
): Promise<void> {
  await inTransaction(db, (trx) => sendChangeLink(deps, trx, person, now));
}

async function sendChangeLink(
  deps: EmailChangeMailDependencies,
  trx: Kysely<Database>,
  person: { id: number; firstName: string; currentEmail: string; newEmail: string },
  now: Date,
): Promise<void> {
  const token = await issueVerificationToken(trx, { constituentId: person.id, email: person.newEmail, pendingChoice: null, purpose: "change" }, now);
  await deps.mailer.send(
    {
      to: person.newEmail,
      template: "confirm-new-email",
      context: {
        firstName: person.firstName,
        confirmUrl: deps.publicUrl + emailChangeLinkPath(token),
        oldEmail: person.currentEmail,
        expiresInDays: VERIFICATION_TOKEN_LIFETIME_MINUTES / 1440,
      },
    },
    { db: trx },
  );
}

/** The change waiting on its link: the newest unused, unexpired "change" link. */
// Built once (db/hot-query.ts): My account asks on every view. The limit is written into the SQL, not bound: SQLite runs
// this read in 3 µs with `limit 1` and 8 µs with `limit ?` (measured with better-sqlite3 on the bench's database).
const pendingChange = hotQuery((db, constituentId: number, nowIso: string) =>
  tokensNewestFirst(db, constituentId, "change").select("email").where("used_at", "is", null).where("expires_at", ">", nowIso).limit(sql.lit(1)),
);

export async function pendingEmailChange(db: Kysely<Database>, constituentId: number, now: Date): Promise<PendingEmailChange | undefined> {
  const [row] = await pendingChange(db, constituentId, now.toISOString());
  return row && { email: row.email };
}

/** Cancels the pending change: its links stop working. False when there was none. */
export async function cancelEmailChange(db: Kysely<Database>, constituentId: number, now: Date): Promise<boolean> {
  const pending = await pendingEmailChange(db, constituentId, now);
  if (!pending) return false;
  await spendOutstandingTokens(db, constituentId, "change", now);
  return true;
}

export type EmailSwitchOutcome =
  | { kind: "switched"; constituentId: number; oldEmail: string; newEmail: string }
  | { kind: "taken"; constituentId: number; oldEmail: string; newEmail: string }
  | { kind: "gone" };

/**
 * Follows a spent "change" link. The CRM takes the new address first: it is
 * the authority on a person's email, its unique address decides a race, and a
 * CRM such as Tessitura cannot join this database's transaction. Then, in one
 * transaction, the address is marked verified (the link proves it is read),
 * every other pending change and every verification link is spent, and the
 * old address is told. An address another account has taken is refused.
 */
export async function switchEmail(
  deps: EmailChangeMailDependencies & { crm: Pick<CrmPort, "personContact" | "findPerson" | "changePrimaryEmail" | "inTransaction"> },
  db: Kysely<Database>,
  spent: VerificationTokenRecord,
  now: Date,
): Promise<EmailSwitchOutcome> {
  const person = await deps.crm.personContact(spent.constituentId);
  if (!person?.Email) return { kind: "gone" };
  const change = { constituentId: spent.constituentId, oldEmail: person.Email, newEmail: spent.email };
  const owner = await deps.crm.findPerson(spent.email);
  if (owner && owner.Id !== spent.constituentId) return { kind: "taken", ...change };
  if (!(await deps.crm.changePrimaryEmail(spent.constituentId, spent.email, now))) return { kind: "taken", ...change };
  await inTransaction(db, async (trx) => {
    await markEmailVerified(trx, deps.crm, spent.constituentId, spent.email, now, { since: "now" });
    await spendOutstandingTokens(trx, spent.constituentId, "change", now);
    await spendOutstandingTokens(trx, spent.constituentId, "verify", now);
    await deps.mailer.send({ to: change.oldEmail, template: "email-changed", context: { firstName: person.FirstName, newEmail: spent.email } }, { db: trx });
  });
  return { kind: "switched", ...change };
}
