import { createHash, randomBytes } from "node:crypto";

/*
 * The secret links the site emails (password reset, email verification):
 * 32 random bytes, of which only a sha256 hash is stored, so a copy of the
 * database cannot be used to follow anyone's link. Each kind keeps its own
 * table (reset-tokens.ts, email-verification-tokens.ts); what a token is and
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
