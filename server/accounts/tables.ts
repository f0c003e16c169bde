import type { ColumnType, Generated } from "kysely";

/*
 * Kysely row types for the account tables: reset tokens and lockouts (0003_accounts.ts),
 * contact messages (0005_contact.ts), single-use links and credentials (0026). People
 * themselves are CRM records (server/crm/tables.ts), reached through the CRM port.
 * Conventions as server/events/tables.ts: integer ids, ISO 8601 UTC text timestamps, no booleans.
 */

/**
 * A person's credentials (migration 0026), keyed by their constituent id. No
 * row means no password, version 1 and no verified address (credentials.ts).
 */
export interface AccountCredentialsTable {
  constituent_id: number;
  /** Null for a person created by staff or by import (they set a password by email) and after an erasure. */
  password_hash: string | null;
  /** Starts at 1; bumped on every password change, which ends sessions made with an older value. */
  auth_version: Generated<number>;
  /** When the current email was last verified; null until then, and again after a change. */
  email_verified_at: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  constituent_id: number;
  /** sha256 of the token, hex: the token itself is only ever in the email. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Set when the token is spent (or superseded by a newer reset); a used token never works again. */
  used_at: string | null;
}

/** Email verification links (migration 0013): hashed, single-use, for one address. */
export interface EmailVerificationTokensTable {
  id: Generated<number>;
  constituent_id: number;
  token_hash: string;
  /** The address the link was sent to: it verifies only while the account still has it. */
  email: string;
  /** The registration wizard's choice {pathway, school, step} as JSON, resumed after verifying. */
  pending_choice: string | null;
  /** sha256 of the opaque key the verified browser is sent on with; set when the token is spent. */
  resume_key_hash: string | null;
  /** "verify": confirms the current address; "change": switches the account to `email` (migration 0023). */
  purpose: ColumnType<"verify" | "change", "verify" | "change" | undefined, "verify" | "change">;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Emailed sign-in links (migration 0024): hashed, single-use, short-lived (sign-in-links.ts). */
export interface SignInLinkTokensTable {
  id: Generated<number>;
  constituent_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface LoginLockoutsTable {
  /** "pair:<sha256 of the email>:<ip>", "address:<ip>" or "account-slow:<sha256 of the email>" (login-throttle.ts). */
  subject_key: string;
  locked_until: string;
}

export interface AccountTables {
  account_credentials: AccountCredentialsTable;
  password_reset_tokens: PasswordResetTokensTable;
  login_lockouts: LoginLockoutsTable;
  email_verification_tokens: EmailVerificationTokensTable;
  sign_in_link_tokens: SignInLinkTokensTable;
}
