import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import { readProfileChange, type NameDetails } from "../domain/profile-change";
import { HttpError } from "../shared/errors";
import { SIGNED_OUT_MESSAGE } from "./messages";
import type { Logger } from "../logging";
import type { Mailer } from "../mail/mailer";
import { refused, type AccountUpdateOutcome } from "./account-update-outcome";
import { checkCurrentPassword, type CurrentPasswordCheckDependencies } from "./current-password-check";

/**
 * Profile details and email changes (PUT /account/update-profile/). The
 * answer's `account_details` uses the CRM's field names, as the request does.
 */

export const EMAIL_TAKEN_MESSAGE = "That email address is already used by another account. Enter a different email address.";

export interface AccountDetails {
  Prefix: number;
  FirstName: string;
  LastName: string;
  Email: string;
}

export interface ProfileUpdate {
  accountDetails: AccountDetails;
  /** True when this update changed the email, so the page says "Email updated successfully!". */
  emailChanged: boolean;
}

export interface ProfileDependencies extends CurrentPasswordCheckDependencies {
  mailer: Mailer;
  logger: Logger;
  now?: () => Date;
}

export async function loadAccountDetails(db: Kysely<Database>, constituentId: number): Promise<AccountDetails | undefined> {
  const row = await db
    .selectFrom("constituents")
    .select(["prefix", "first_name", "last_name", "email"])
    .where("id", "=", constituentId)
    .where("kind", "=", "individual")
    .$narrowType<{ email: string }>()
    .executeTakeFirst();
  return row && { Prefix: row.prefix, FirstName: row.first_name, LastName: row.last_name, Email: row.email };
}

/**
 * Checks and saves a profile update. An email change needs the current
 * password, and sends the "email-changed" notice to the OLD address, so the
 * owner hears of it even if someone else made it: the change and the notice
 * commit together.
 */
export async function updateProfile(
  dependencies: ProfileDependencies,
  constituentId: number,
  body: unknown,
): Promise<AccountUpdateOutcome<ProfileUpdate>> {
  const { db } = dependencies;
  const current = await loadAccountDetails(db, constituentId);
  // requireUser ran first, so this is an account deleted mid-request.
  if (!current) throw new HttpError(401, SIGNED_OUT_MESSAGE);

  const reading = readProfileChange(body, current.Email);
  if (reading.problems) return refused(reading.problems);
  const { names, email } = reading.change;

  if (email) {
    const passwordCheck = await checkCurrentPassword(dependencies, constituentId, email.password);
    if (!passwordCheck.ok) return passwordCheck;
    if (await emailBelongsToSomeoneElse(db, email.email, constituentId)) return refused({ Email: [EMAIL_TAKEN_MESSAGE] });
  }

  const now = dependencies.now?.() ?? new Date();
  const accountDetails: AccountDetails = {
    Prefix: names?.prefix ?? current.Prefix,
    FirstName: names?.firstName ?? current.FirstName,
    LastName: names?.lastName ?? current.LastName,
    Email: email?.email ?? current.Email,
  };
  const saved = await saveProfile(db, constituentId, { names, email: email?.email }, now, async (trx) => {
    if (email) await queueEmailChangedNotice(dependencies, trx, current.Email, accountDetails);
  });
  if (!saved) return refused({ Email: [EMAIL_TAKEN_MESSAGE] });
  return { ok: true, value: { accountDetails, emailChanged: email !== undefined } };
}

async function emailBelongsToSomeoneElse(db: Kysely<Database>, email: string, constituentId: number): Promise<boolean> {
  const owner = await db.selectFrom("constituents").select("id").where("email", "=", email).executeTakeFirst();
  return owner !== undefined && owner.id !== constituentId;
}

/**
 * False when the email was taken between the check and the save (the unique
 * index decides). `alongside` writes in the same transaction.
 */
async function saveProfile(
  db: Kysely<Database>,
  constituentId: number,
  change: { names?: NameDetails; email?: string },
  now: Date,
  alongside: (trx: Kysely<Database>) => Promise<void>,
): Promise<boolean> {
  const { names, email } = change;
  try {
    // The clash fails the whole transaction (PostgreSQL cannot carry on after it), so it is caught outside.
    await inTransaction(db, async (trx) => {
      await trx
        .updateTable("constituents")
        .set({
          ...(names && { prefix: names.prefix, first_name: names.firstName, last_name: names.lastName }),
          // A new address is unverified until its owner follows a link sent to it (email-verification.ts).
          ...(email && { email, email_verified_at: null }),
          updated_at: now.toISOString(),
        })
        .where("id", "=", constituentId)
        .execute();
      await alongside(trx);
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** SQLite (better-sqlite3) and PostgreSQL (pg) name a unique-index clash differently. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}

/** Queued in the change's transaction: the outbox delivers it, retrying while the mail server is down. */
async function queueEmailChangedNotice(
  dependencies: ProfileDependencies,
  trx: Kysely<Database>,
  oldEmail: string,
  details: AccountDetails,
): Promise<void> {
  await dependencies.mailer.send(
    { to: oldEmail, template: "email-changed", context: { firstName: details.FirstName, newEmail: details.Email } },
    { db: trx },
  );
}
