import type { Kysely } from "kysely";
import type { CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import { EMAIL_TAKEN_MESSAGE, emailProblem, normaliseEmail } from "../domain/email";
import type { FieldErrors } from "../shared/errors";
import { credentialsOf } from "./credentials";
import { isUniqueViolation } from "../db/unique-violation";
import { issueVerificationToken, latestPendingChoice, spendOutstandingTokens } from "./email-verification-tokens";

/*
 * "Wrong address? Change it" on the wizard's "Check your inbox" step (issue
 * 23 item 8): a person whose address is not confirmed yet corrects it. The
 * new address passes the sign-up rules (shape, and the sign-up's own "already
 * associated with an account" message, which reveals nothing sign-up does not),
 * takes the old one's place at once (it never proved anything), every link
 * sent to the old address stops working, and a new link, carrying the
 * registration's pending choice, goes to the new one. A confirmed address is
 * changed only through My account's confirmed change (email-change.ts).
 */

/** The profile form's message for an unchanged address (accounts spec, section 5). */
export const SAME_ADDRESS_MESSAGE = "Please enter a new email address";
export const ALREADY_CONFIRMED_MESSAGE = "Your email address is already confirmed. To use another one, change it on the Profile tab of My account.";

export type AddressCorrection =
  | { kind: "invalid"; errors: FieldErrors }
  | { kind: "already-confirmed" }
  | { kind: "no-account" }
  /** The caller's quota said no: nothing changed. */
  | { kind: "rate-limited" }
  | { kind: "changed"; oldEmail: string; sentTo: string };

export interface AddressCorrectionInput {
  constituentId: number;
  typedEmail: string;
  /** Asked only once the address is known to be usable, so a typo costs no email from the quota. */
  takeQuota: () => Promise<boolean>;
  /** Queues the verification email with the new link, in the caller's transaction. */
  mailLink: (trx: Kysely<Database>, person: { email: string; firstName: string; token: string }) => Promise<void>;
}

/** Where the correction reads and writes: the links and credentials in the site's database, the person's address in the CRM. */
export interface AddressCorrectionSources {
  db: Kysely<Database>;
  crm: Pick<CrmPort, "personContact" | "findPerson" | "inTransaction">;
}

/** Thrown inside the correction's unit to undo it: another account holds the address. */
class AddressTaken extends Error {}

export async function correctUnconfirmedAddress(sources: AddressCorrectionSources, input: AddressCorrectionInput, now: Date): Promise<AddressCorrection> {
  const { db, crm } = sources;
  const person = await crm.personContact(input.constituentId);
  if (!person?.Email) return { kind: "no-account" };
  if ((await credentialsOf(db, input.constituentId)).emailVerifiedAt !== null) return { kind: "already-confirmed" };
  const email = normaliseEmail(input.typedEmail);
  const problem = emailProblem(email) ?? (email === person.Email ? SAME_ADDRESS_MESSAGE : undefined);
  if (problem) return { kind: "invalid", errors: { email: [problem] } };
  // The sign-up's own message, said only when sign-up would say it too.
  const taken: AddressCorrection = { kind: "invalid", errors: { email: [EMAIL_TAKEN_MESSAGE] } };
  if (await crm.findPerson(email)) return taken;
  if (!(await input.takeQuota())) return { kind: "rate-limited" };
  try {
    return await inTransaction(db, (trx) =>
      crm.inTransaction(
        async (unit): Promise<AddressCorrection> => {
          // The unit holds the person's lock, as a followed link's markEmailVerified does: that link either landed
          // first and is seen here (the address it confirmed stays), or waits and then finds the address changed.
          if ((await credentialsOf(trx, input.constituentId)).emailVerifiedAt !== null) return { kind: "already-confirmed" };
          const pendingChoice = (await latestPendingChoice(trx, input.constituentId)) ?? null;
          if (!(await unit.changePrimaryEmail(input.constituentId, email, now))) throw new AddressTaken();
          await spendOutstandingTokens(trx, input.constituentId, "verify", now);
          const token = await issueVerificationToken(trx, { constituentId: input.constituentId, email, pendingChoice }, now);
          await input.mailLink(trx, { email, firstName: person.FirstName, token });
          return { kind: "changed", oldEmail: person.Email!, sentTo: email };
        },
        { lock: input.constituentId, joining: trx },
      ),
    );
  } catch (error) {
    // Another sign-up took the address meanwhile: the unique address decides, and nothing changed.
    if (error instanceof AddressTaken || isUniqueViolation(error)) return taken;
    throw error;
  }
}
