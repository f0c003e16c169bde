import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { NAME_PREFIXES, NO_PREFIX_ID } from "../domain/name-prefixes";
import { credentialsOf, forgetVerification, replacePassword } from "./credentials";

/*
 * The account's own share of "Download my data" and "Delete my account"
 * (docs/my-account.md): the person's details and credentials, their contact messages
 * and their single-use links. Other capabilities erase their own rows.
 */

export async function profileForExport(db: Kysely<Database>, constituentId: number) {
  const row = await db
    .selectFrom("constituents")
    .select(["email", "prefix", "first_name", "last_name", "phone_number", "created_at"])
    .where("id", "=", constituentId)
    .where("kind", "=", "individual")
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    email: row.email,
    title: row.prefix === NO_PREFIX_ID ? null : (NAME_PREFIXES.find((prefix) => prefix.id === row.prefix)?.label ?? null),
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
    accountCreatedAt: row.created_at,
    emailVerifiedAt: (await credentialsOf(db, constituentId)).emailVerifiedAt,
  };
}

/** The messages the person sent through the contact form while signed in, oldest first. */
export async function contactMessagesForExport(db: Kysely<Database>, constituentId: number) {
  const rows = await db
    .selectFrom("contact_messages")
    .select(["name", "email", "subject", "message", "created_at"])
    .where("constituent_id", "=", constituentId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ name: row.name, email: row.email, subject: row.subject, message: row.message, sentAt: row.created_at }));
}

/**
 * The account's share of an erasure (the person's record itself is erased
 * through the CRM port, CrmPort.erasePerson): no password and no verified
 * address, so it can never sign in; auth_version moves on, so every session
 * signed in as them ends on its next request. Their contact messages and
 * reset, verification and sign-in links go.
 */
export async function eraseAccount(db: Kysely<Database>, constituentId: number): Promise<void> {
  await replacePassword(db, constituentId, null);
  await forgetVerification(db, constituentId);
  await db.deleteFrom("contact_messages").where("constituent_id", "=", constituentId).execute();
  await db.deleteFrom("password_reset_tokens").where("constituent_id", "=", constituentId).execute();
  await db.deleteFrom("email_verification_tokens").where("constituent_id", "=", constituentId).execute();
  await db.deleteFrom("sign_in_link_tokens").where("constituent_id", "=", constituentId).execute();
}
