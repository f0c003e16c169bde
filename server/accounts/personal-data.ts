import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { NAME_PREFIXES, NO_PREFIX_ID } from "../domain/name-prefixes";

/*
 * The account's own share of "Download my data" and "Delete my account"
 * (docs/my-account.md): the constituents row, the person's contact messages
 * and their single-use links. Other capabilities erase their own rows.
 */

/** The first and last name a deleted account keeps, so lists that still name it (a school's past users) read sensibly. */
export const DELETED_ACCOUNT_NAME = { first: "Deleted", last: "account" } as const;

/** An address that is unique per row, can never receive mail (.invalid, RFC 2606) and is never looked up (deleted_at is set). */
export function deletedAccountEmail(constituentId: number): string {
  return `deleted-${constituentId}@deleted.invalid`;
}

export async function profileForExport(db: Kysely<Database>, constituentId: number) {
  const row = await db
    .selectFrom("constituents")
    .select(["email", "prefix", "first_name", "last_name", "phone_number", "created_at", "email_verified_at"])
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
    emailVerifiedAt: row.email_verified_at,
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
 * Turns the person's row into an anonymised placeholder that can never sign
 * in: no name, a dead address, no phone and no password; auth_version moves
 * on, so every session signed in as them ends on its next request. Their
 * contact messages and reset and verification links go. The row itself
 * stays, so the orders kept for accounting still have a payer.
 */
export async function eraseAccount(db: Kysely<Database>, constituentId: number, now: Date): Promise<{ formerEmail: string | undefined }> {
  const at = now.toISOString();
  const before = await db.selectFrom("constituents").select("email").where("id", "=", constituentId).executeTakeFirst();
  await db
    .updateTable("constituents")
    .set((update) => ({
      email: deletedAccountEmail(constituentId),
      first_name: DELETED_ACCOUNT_NAME.first,
      last_name: DELETED_ACCOUNT_NAME.last,
      phone_number: "",
      prefix: NO_PREFIX_ID,
      password_hash: null,
      email_verified_at: null,
      auth_version: update(update.ref("auth_version"), "+", 1),
      deleted_at: at,
      updated_at: at,
    }))
    .where("id", "=", constituentId)
    .where("kind", "=", "individual")
    .execute();
  await db.deleteFrom("contact_messages").where("constituent_id", "=", constituentId).execute();
  await db.deleteFrom("password_reset_tokens").where("constituent_id", "=", constituentId).execute();
  await db.deleteFrom("email_verification_tokens").where("constituent_id", "=", constituentId).execute();
  await db.deleteFrom("sign_in_link_tokens").where("constituent_id", "=", constituentId).execute();
  return { formerEmail: before?.email ?? undefined };
}
