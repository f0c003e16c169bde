import { sql, type Kysely } from "kysely";
import type { CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import { credentialsOf } from "./credentials";
import { hashSingleUseToken, newSingleUseToken, singleUseTokenPattern, spendSingleUseToken } from "./single-use-tokens";

/** A verification link works for three days: long enough for a welcome email read after a weekend. */
export const VERIFICATION_TOKEN_LIFETIME_MINUTES = 3 * 24 * 60;
/** After verifying, the wizard's resumed choice can be reopened (a reload, a slow browser) for a day. */
const RESUME_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type VerificationTokenPurpose = "verify" | "change";

/**
 * Stores a token for an address (and the wizard's pending choice, JSON); returns the token, for the email only.
 * purpose "verify" (the default) confirms the person's current address; "change" switches the account to `email` (email-change.ts).
 */
export async function issueVerificationToken(
  db: Kysely<Database>,
  request: { constituentId: number; email: string; pendingChoice: string | null; purpose?: VerificationTokenPurpose },
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
      purpose: request.purpose ?? "verify",
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
  /** Present when the person's registration has a pending wizard choice: the opaque key that reopens it. */
  resumeKey?: string;
}

/** A token row as spending (or looking it up) answers it. */
export interface VerificationTokenRecord {
  id: number;
  constituentId: number;
  email: string;
  purpose: VerificationTokenPurpose;
  usedAt: string | null;
  expiresAt: string;
}

const recordColumns = ["id", "constituent_id", "email", "purpose", "used_at", "expires_at"] as const;
type RecordRow = { id: number; constituent_id: number; email: string; purpose: VerificationTokenPurpose; used_at: string | null; expires_at: string };
const toRecord = (row: RecordRow): VerificationTokenRecord => ({
  id: row.id,
  constituentId: row.constituent_id,
  email: row.email,
  purpose: row.purpose,
  usedAt: row.used_at,
  expiresAt: row.expires_at,
});

/** Whether the token's row can still be spent (the spend itself is the atomic update in single-use-tokens.ts). */
export function isSpendable(record: VerificationTokenRecord, now: Date): boolean {
  return record.usedAt === null && Date.parse(record.expiresAt) > now.getTime();
}

/** Spends the token (single-use-tokens.ts: atomic, so of two racing requests only one gets the row). Undefined when unusable. */
export async function spendVerificationToken(db: Kysely<Database>, token: string, now: Date): Promise<VerificationTokenRecord | undefined> {
  const spent = await spendSingleUseToken(db, "email_verification_tokens", token, now)?.returning([...recordColumns]).executeTakeFirst();
  return spent && toRecord(spent);
}

/** The token's row whatever its state (used, expired), to explain a link that no longer works. */
export async function findVerificationToken(db: Kysely<Database>, token: string): Promise<VerificationTokenRecord | undefined> {
  if (!singleUseTokenPattern.test(token)) return undefined;
  const row = await db.selectFrom("email_verification_tokens").select([...recordColumns]).where("token_hash", "=", hashSingleUseToken(token)).executeTakeFirst();
  return row && toRecord(row);
}

/**
 * Spends every other outstanding link of that purpose the person holds: once one link has done its work, the
 * others say "already confirmed" (or, for a superseded change, no longer work) rather than doing it again.
 */
export async function spendOutstandingTokens(db: Kysely<Database>, constituentId: number, purpose: VerificationTokenPurpose, now: Date): Promise<void> {
  await db
    .updateTable("email_verification_tokens")
    .set({ used_at: now.toISOString() })
    .where("constituent_id", "=", constituentId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}

/**
 * The wizard's pending choice belongs to the person's registration, not to one link: it is stored on every
 * outstanding verification link for their current address, so the welcome email's link and any later one
 * resume the same registration. Answers how many links carry it now (0: none is outstanding).
 */
export async function attachPendingChoice(db: Kysely<Database>, constituentId: number, email: string, pendingChoice: string, now: Date): Promise<number> {
  const attached = await db
    .updateTable("email_verification_tokens")
    .set({ pending_choice: pendingChoice })
    .where("constituent_id", "=", constituentId)
    .where("email", "=", email)
    .where("purpose", "=", "verify")
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(attached.numUpdatedRows);
}

/** The person's links of one purpose, newest first: the start of every query that picks the latest one. */
export function tokensNewestFirst(db: Kysely<Database>, constituentId: number, purpose: VerificationTokenPurpose) {
  return db.selectFrom("email_verification_tokens").where("constituent_id", "=", constituentId).where("purpose", "=", purpose).orderBy("id", "desc");
}

/** The person's registration choice: the newest one any of their verification links carries. */
export async function latestPendingChoice(db: Kysely<Database>, constituentId: number): Promise<string | undefined> {
  const row = await tokensNewestFirst(db, constituentId, "verify").select("pending_choice").where("pending_choice", "is not", null).executeTakeFirst();
  return row?.pending_choice ?? undefined;
}

/**
 * A spent "verify" token: marks its address verified (only while it is still the account's address: an old
 * link verifies nothing), spends the person's other outstanding links, and, when the registration has a
 * pending choice, gives this row a resume key for it.
 */
export async function confirmCurrentAddress(
  db: Kysely<Database>,
  crm: AddressGuardCrm,
  spent: VerificationTokenRecord,
  now: Date,
): Promise<SpentVerificationToken | undefined> {
  if (!(await markEmailVerified(db, crm, spent.constituentId, spent.email, now, { since: "now" }))) return undefined;
  await spendOutstandingTokens(db, spent.constituentId, "verify", now);
  const { authVersion } = await credentialsOf(db, spent.constituentId);
  const confirmed = { constituentId: spent.constituentId, authVersion, email: spent.email };
  const resumeKey = await issueResumeKey(db, spent, now);
  return resumeKey ? { ...confirmed, resumeKey } : confirmed;
}

/**
 * A new resume key on a spent row, for the registration's latest choice; undefined when there is none, or
 * the row was spent more than a day ago (the resume window). Replaces any key the row had.
 */
export async function issueResumeKey(db: Kysely<Database>, spent: VerificationTokenRecord, now: Date): Promise<string | undefined> {
  const choice = await latestPendingChoice(db, spent.constituentId);
  if (choice === undefined) return undefined;
  const resume = newSingleUseToken(now, 0);
  const keyed = await db
    .updateTable("email_verification_tokens")
    .set({ resume_key_hash: resume.tokenHash, pending_choice: choice })
    .where("id", "=", spent.id)
    .where("used_at", ">", new Date(now.getTime() - RESUME_LIFETIME_MS).toISOString())
    .executeTakeFirst();
  return keyed.numUpdatedRows > 0n ? resume.token : undefined;
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
export async function verifiedEmailOf(db: Kysely<Database>, crm: Pick<CrmPort, "personContact">, constituentId: number): Promise<string | undefined> {
  if ((await credentialsOf(db, constituentId)).emailVerifiedAt === null) return undefined;
  return (await crm.personContact(constituentId))?.Email ?? undefined;
}

/** What the verified-address guards ask of the CRM: the person's address, read in a unit that holds their lock. */
export type AddressGuardCrm = Pick<CrmPort, "personContact" | "inTransaction">;

/**
 * Marks the address verified only while it is still the person's address
 * (an accepted invite proves the address it was sent to, not whatever the
 * account holds when the write lands). Pass the caller's transaction, so the
 * check and the proof it rests on commit together. False when the account's
 * address is another.
 */
export async function markEmailVerified(
  db: Kysely<Database>,
  crm: AddressGuardCrm,
  constituentId: number,
  email: string,
  now: Date,
  // "now" for a new address (a confirmed email change): the old address's proof says nothing about it.
  { since }: { since: "first" | "now" } = { since: "first" },
): Promise<boolean> {
  const at = now.toISOString();
  return inTransaction(db, (trx) =>
    crm.inTransaction(
      async (unit) => {
        // The unit holds the person's lock (their row, on PostgreSQL) until the proof is written, so an address
        // change racing this one either waits for it (and the change's own path unverifies) or is seen here.
        if ((await unit.personContact(constituentId))?.Email !== email) return false;
        await trx
          .insertInto("account_credentials")
          .values({ constituent_id: constituentId, password_hash: null, email_verified_at: at })
          .onConflict((conflict) =>
            conflict.column("constituent_id").doUpdateSet({
              email_verified_at: since === "now" ? at : sql<string>`coalesce(account_credentials.email_verified_at, ${at})`,
            }),
          )
          .execute();
        return true;
      },
      { lock: constituentId, joining: trx },
    ),
  );
}
