import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { hashSingleUseToken, newSingleUseToken, singleUseTokenPattern, spendSingleUseToken } from "./single-use-tokens";

/** A reset link works for an hour (issue 5, "Password reset"). */
export const RESET_TOKEN_LIFETIME_MINUTES = 60;

/** 32 random bytes as base64url: 43 characters, no padding (single-use-tokens.ts). */
export const resetTokenPattern = singleUseTokenPattern;

/** Only this is stored, so a copy of the database cannot be used to reset anyone's password. */
export const hashResetToken = hashSingleUseToken;

/** Creates and stores a token for the person; returns the token itself, which goes only into the email. */
export async function issueResetToken(db: Kysely<Database>, constituentId: number, now: Date): Promise<string> {
  const { token, tokenHash, createdAt, expiresAt } = newSingleUseToken(now, RESET_TOKEN_LIFETIME_MINUTES);
  await db
    .insertInto("password_reset_tokens")
    .values({ constituent_id: constituentId, token_hash: tokenHash, created_at: createdAt, expires_at: expiresAt, used_at: null })
    .execute();
  return token;
}

/** The person a token is for, while it is unused and unexpired. */
export async function findUsableToken(db: Kysely<Database>, token: string, now: Date): Promise<{ constituent_id: number } | undefined> {
  if (!resetTokenPattern.test(token)) return undefined;
  return db
    .selectFrom("password_reset_tokens")
    .select("constituent_id")
    .where("token_hash", "=", hashResetToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
}

/**
 * Spends the token, and with it every other outstanding token of the same
 * person. Atomic: of two requests racing with one token, only one gets the
 * constituent id back.
 */
export async function consumeResetToken(db: Kysely<Database>, token: string, now: Date): Promise<number | undefined> {
  const spent = await spendSingleUseToken(db, "password_reset_tokens", token, now)?.returning("constituent_id").executeTakeFirst();
  if (!spent) return undefined;
  const usedAt = now.toISOString();
  await db
    .updateTable("password_reset_tokens")
    .set({ used_at: usedAt })
    .where("constituent_id", "=", spent.constituent_id)
    .where("used_at", "is", null)
    .execute();
  return spent.constituent_id;
}
