import type { Kysely } from "kysely";
import type { CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { NAME_PREFIXES, NO_PREFIX_ID } from "../domain/name-prefixes";
import { credentialsOf, forgetVerification, replacePassword } from "./credentials";

/*
 * The account's own share of "Download my data" and "Delete my account"
 * (docs/my-account.md): the person's details and credentials and their
 * single-use links (their contact messages are requests: server/requests/). Other capabilities erase their own rows.
 */

/** The person's details (the CRM's, through the port) with when their address was verified (the account's own). */
export async function profileForExport(db: Kysely<Database>, crm: Pick<CrmPort, "personDetails">, constituentId: number) {
  const person = await crm.personDetails(constituentId);
  if (!person) return undefined;
  return {
    email: person.Email,
    title: person.PrefixId === NO_PREFIX_ID ? null : (NAME_PREFIXES.find((prefix) => prefix.id === person.PrefixId)?.label ?? null),
    firstName: person.FirstName,
    lastName: person.LastName,
    phoneNumber: person.Phone,
    accountCreatedAt: person.CreatedDateTime,
    emailVerifiedAt: (await credentialsOf(db, constituentId)).emailVerifiedAt,
  };
}

/**
 * The account's share of an erasure (the person's record itself is erased
 * through the CRM port, CrmPort.erasePerson): no password and no verified
 * address, so it can never sign in; auth_version moves on, so every session
 * signed in as them ends on its next request. Their reset, verification and
 * sign-in links go.
 */
export async function eraseAccount(db: Kysely<Database>, constituentId: number): Promise<void> {
  await replacePassword(db, constituentId, null);
  await forgetVerification(db, constituentId);
  await db.deleteFrom("password_reset_tokens").where("constituent_id", "=", constituentId).execute();
  await db.deleteFrom("email_verification_tokens").where("constituent_id", "=", constituentId).execute();
  await db.deleteFrom("sign_in_link_tokens").where("constituent_id", "=", constituentId).execute();
}
