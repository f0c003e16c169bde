import type { CurrentUser } from "./current-user";
import type { Kysely } from "kysely";
import type { CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import { readProfileChange, type NameDetails } from "./profile-change-rules";
import { refuse } from "../shared/refusal";
import { SIGNED_OUT_MESSAGE } from "./messages";
import type { Logger } from "../logging";
import type { Mailer } from "../mail/mailer";
import { refused, tooManyAttempts, type AccountUpdateOutcome } from "./account-update-outcome";
import { isUniqueViolation } from "../db/unique-violation";
import { EMAIL_CHANGE_LINKS_PER_HOUR, requestEmailChange } from "./email-change";
import { waitDescribed } from "../domain/wait-described";
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
  /** The account as saved: `Email` is still the current address while a change waits on its link. */
  accountDetails: AccountDetails;
  /** The new address a confirmation link was just sent to (email-change.ts); the account keeps its address until it is followed. */
  pendingEmail?: string;
}

export interface ProfileDependencies extends CurrentPasswordCheckDependencies {
  /** The person's name, title and address are the CRM's: read and corrected through the port. */
  crm: Pick<CrmPort, "personDetails" | "findPerson" | "inTransaction">;
  mailer: Mailer;
  logger: Logger;
  /** The site's public address without a trailing slash: links in emails are absolute. */
  publicUrl: string;
  now?: () => Date;
}

/** The signed-in person's details as the profile form shows them, from what their request already read. */
export function accountDetailsOf(user: CurrentUser): AccountDetails {
  return { Prefix: user.prefixId, FirstName: user.firstName, LastName: user.lastName, Email: user.email };
}

/** The account's details as the profile form shows them; undefined for no such (live) account. */
export async function loadAccountDetails(crm: Pick<CrmPort, "personDetails">, constituentId: number): Promise<AccountDetails | undefined> {
  const person = await crm.personDetails(constituentId);
  if (!person?.Email) return undefined;
  return { Prefix: person.PrefixId, FirstName: person.FirstName, LastName: person.LastName, Email: person.Email };
}

/**
 * Checks and saves a profile update. An email change needs the current
 * password and is only asked for here: a link goes to the NEW address and a
 * notice to the current one, and the account keeps its address until the
 * link is followed (email-change.ts). The request and its emails commit together.
 */
export async function updateProfile(
  dependencies: ProfileDependencies,
  constituentId: number,
  body: unknown,
): Promise<AccountUpdateOutcome<ProfileUpdate>> {
  const { crm } = dependencies;
  const current = await loadAccountDetails(crm, constituentId);
  // requireUser ran first, so this is an account deleted mid-request.
  if (!current) return refuse("signed-out", SIGNED_OUT_MESSAGE);

  const reading = readProfileChange(body, current.Email);
  if (reading.problems) return refused(reading.problems);
  const { names, email } = reading.change;

  if (email) {
    const passwordCheck = await checkCurrentPassword(dependencies, constituentId, email.password);
    if (!passwordCheck.ok) return passwordCheck;
    if (await emailBelongsToSomeoneElse(crm, email.email, constituentId)) return refused({ Email: [EMAIL_TAKEN_MESSAGE] });
    const quota = await dependencies.rateLimiter.hit(`email-change-links:${constituentId}`, EMAIL_CHANGE_LINKS_PER_HOUR, 60 * 60 * 1000);
    if (!quota.allowed) return tooManyAttempts({ Email: [tooManyChangeLinksMessage(quota.retryAfterSeconds)] }, quota.retryAfterSeconds);
  }

  const now = dependencies.now?.() ?? new Date();
  const accountDetails: AccountDetails = {
    Prefix: names?.prefix ?? current.Prefix,
    FirstName: names?.firstName ?? current.FirstName,
    LastName: names?.lastName ?? current.LastName,
    Email: current.Email,
  };
  const saved = await saveProfile(dependencies, constituentId, { names }, now, async (trx) => {
    if (email) {
      const person = { id: constituentId, firstName: accountDetails.FirstName, currentEmail: current.Email, newEmail: email.email };
      await requestEmailChange(dependencies, trx, person, now);
    }
  });
  if (!saved) return refused({ Email: [EMAIL_TAKEN_MESSAGE] });
  return { ok: true, value: email ? { accountDetails, pendingEmail: email.email } : { accountDetails } };
}

export function tooManyChangeLinksMessage(retryAfterSeconds: number): string {
  return `We've sent several links already. Check your inbox (and spam folder), or wait ${waitDescribed(retryAfterSeconds)} and try again.`;
}

async function emailBelongsToSomeoneElse(crm: Pick<CrmPort, "findPerson">, email: string, constituentId: number): Promise<boolean> {
  const owner = await crm.findPerson(email);
  return owner !== undefined && owner.Id !== constituentId;
}

/**
 * False when the email was taken between the check and the save (the unique
 * index decides). `alongside` writes in the same transaction.
 */
async function saveProfile(
  { db, crm }: Pick<ProfileDependencies, "db" | "crm">,
  constituentId: number,
  change: { names?: NameDetails },
  now: Date,
  alongside: (trx: Kysely<Database>) => Promise<void>,
): Promise<boolean> {
  const { names } = change;
  try {
    // The clash fails the whole transaction (PostgreSQL cannot carry on after it), so it is caught outside.
    await inTransaction(db, (trx) =>
      crm.inTransaction(
        async (unit) => {
          // Under the person's lock, so the phone read here is the one written back beside the new names.
          const person = names && (await unit.personDetails(constituentId));
          if (names && person) {
            await unit.updatePerson(constituentId, { PrefixId: names.prefix, FirstName: names.firstName, LastName: names.lastName, Phone: person.Phone }, now);
          }
          await alongside(trx);
        },
        { lock: constituentId, joining: trx },
      ),
    );
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
