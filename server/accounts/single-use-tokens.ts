import { createHash, randomBytes } from "node:crypto";
import type { Kysely, UpdateQueryBuilder, UpdateResult } from "kysely";
import type { Database } from "../db/schema";

/*
 * The secret links the site emails (password reset, email verification, sign-in links):
 * 32 random bytes, of which only a sha256 hash is stored, so a copy of the
 * database cannot be used to follow anyone's link. Each kind keeps its own
 * table (reset-tokens.ts, email-verification-tokens.ts, sign-in-links.ts); what a token is and
 * when it expires is decided here, once.
 */

/** 32 random bytes as base64url: 43 characters, no padding. */
export const singleUseTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function hashSingleUseToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface NewSingleUseToken {
  /** Goes only into the email (or the browser). */
  token: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

export function newSingleUseToken(now: Date, lifetimeMinutes: number): NewSingleUseToken {
  const token = randomBytes(32).toString("base64url");
  return {
    token,
    tokenHash: hashSingleUseToken(token),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + lifetimeMinutes * 60_000).toISOString(),
  };
}

/** The tables that hold single-use tokens (token_hash, expires_at, used_at). */
export type SingleUseTokenTable = "password_reset_tokens" | "email_verification_tokens" | "sign_in_link_tokens";

/**
 * The update that spends a token: it sets used_at only on an unused,
 * unexpired row, so of two requests racing with one token only one gets the
 * row back. The caller adds `.returning(...)` for the columns it needs.
 * Undefined when the token cannot be one of ours.
 */
export function spendSingleUseToken<T extends SingleUseTokenTable>(
  db: Kysely<Database>,
  table: T,
  token: string,
  now: Date,
): UpdateQueryBuilder<Database, T, T, UpdateResult> | undefined {
  if (!singleUseTokenPattern.test(token)) return undefined;
  const usedAt = now.toISOString();
  // Kysely cannot type `.set` on a generic table name; the columns used here are common to both tables.
  type AnyTokenTable = UpdateQueryBuilder<Database, SingleUseTokenTable, SingleUseTokenTable, UpdateResult>;
  const spend = (db.updateTable(table) as unknown as AnyTokenTable)
    .set({ used_at: usedAt })
    .where("token_hash", "=", hashSingleUseToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", usedAt);
  return spend as unknown as UpdateQueryBuilder<Database, T, T, UpdateResult>;
}
