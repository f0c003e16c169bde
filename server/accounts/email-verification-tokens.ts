import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { hashSingleUseToken, newSingleUseToken, singleUseTokenPattern, spendSingleUseToken } from "./single-use-tokens";

/** A verification link works for three days: long enough for a welcome email read after a weekend. */
export const VERIFICATION_TOKEN_LIFETIME_MINUTES = 3 * 24 * 60;
/** After verifying, the wizard's resumed choice can be reopened (a reload, a slow browser) for a day. */
const RESUME_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Stores a token for the person's current address (and the wizard's pending choice, JSON); returns the token, for the email only. */
export async function issueVerificationToken(
  db: Kysely<Database>,
  request: { constituentId: number; email: string; pendingChoice: string | null },
  now: Date,
): Promise<string> {
  const { token, tokenHash, createdAt, expiresAt } = newSingleUseToken(now, VERIFICATION_TOKEN_LIFETIME_MINUTES);
  await db
    .insertInto("email_verification_tokens")
    .values({
      constituent_id: request.constituentId,
      token_hash: tokenHash,
      email: request.email,
      pending_choice: request.pendingChoice,
      created_at: createdAt,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return token;
}

export interface SpentVerificationToken {
  constituentId: number;
  authVersion: number;
  /** The address it confirmed. */
  email: string;
  /** Present when the token carried a wizard choice: the opaque key that reopens it. */
  resumeKey?: string;
}

/**
 * Spends the token and marks the address verified. Atomic: of two requests
 * racing with one token, only one gets through. A token for an address the
 * account no longer has is spent but verifies nothing (undefined).
 */
export async function consumeVerificationToken(db: Kysely<Database>, token: string, now: Date): Promise<SpentVerificationToken | undefined> {
  const spent = await spendSingleUseToken(db, "email_verification_tokens", token, now)
    ?.returning(["id", "constituent_id", "email", "pending_choice"])
    .executeTakeFirst();
  if (!spent) return undefined;
  const usedAt = now.toISOString();
  const person = await db
    .updateTable("constituents")
    .set({ email_verified_at: usedAt })
    .where("id", "=", spent.constituent_id)
    .where("email", "=", spent.email)
    .returning(["id", "auth_version"])
    .executeTakeFirst();
  if (!person) return undefined;
  const confirmed = { constituentId: person.id, authVersion: person.auth_version, email: spent.email };
  if (spent.pending_choice === null) return confirmed;
  const resume = newSingleUseToken(now, 0);
  await db.updateTable("email_verification_tokens").set({ resume_key_hash: resume.tokenHash }).where("id", "=", spent.id).execute();
  return { ...confirmed, resumeKey: resume.token };
}

/** The pending choice (JSON) a resume key names, only for the person it belongs to and only for a day after verifying. */
export async function pendingChoiceByResumeKey(db: Kysely<Database>, resumeKey: string, constituentId: number, now: Date): Promise<string | undefined> {
  if (!singleUseTokenPattern.test(resumeKey)) return undefined;
  const row = await db
    .selectFrom("email_verification_tokens")
    .select("pending_choice")
    .where("resume_key_hash", "=", hashSingleUseToken(resumeKey))
    .where("constituent_id", "=", constituentId)
    .where("used_at", ">", new Date(now.getTime() - RESUME_LIFETIME_MS).toISOString())
    .executeTakeFirst();
  return row?.pending_choice ?? undefined;
}

/** The person's address, when it is verified. */
export async function verifiedEmailOf(db: Kysely<Database>, constituentId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom("constituents")
    .select("email")
    .where("id", "=", constituentId)
    .where("email_verified_at", "is not", null)
    .executeTakeFirst();
  return row?.email ?? undefined;
}

/**
 * Marks the address verified only while it is still the person's address
 * (an accepted invite proves the address it was sent to, not whatever the
 * account holds when the write lands). Pass the caller's transaction, so the
 * check and the proof it rests on commit together. False when the account's
 * address is another.
 */
export async function markEmailVerified(db: Kysely<Database>, constituentId: number, email: string, now: Date): Promise<boolean> {
  const marked = await db
    .updateTable("constituents")
    .set({ email_verified_at: sql<string>`coalesce(email_verified_at, ${now.toISOString()})` })
    .where("id", "=", constituentId)
    .where("email", "=", email)
    .executeTakeFirst();
  return marked.numUpdatedRows > 0n;
}
