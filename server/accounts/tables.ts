import type { ColumnType, Generated } from "kysely";
import type { ContactMessagesTable } from "./contact-messages-table";

/*
 * Kysely row types for the account tables: constituents and memberships
 * (server/db/migrations/0002_content.ts), reset tokens and lockouts (0003_accounts.ts)
 * and contact messages (0005_contact.ts).
 * Conventions as server/events/tables.ts: integer ids, ISO 8601 UTC text timestamps, no booleans.
 */

/** A person in the embedded CRM. */
/** A person or an organisation (a school) in the embedded CRM (migration 0011 added organisations). */
export interface ConstituentsTable {
  id: Generated<number>;
  kind: ColumnType<ConstituentKind, ConstituentKind | undefined, never>;
  /**
   * Always stored trimmed and lower-cased (see normaliseEmail). Only an
   * organisation has none (a CHECK constraint holds this): queries for people
   * filter on kind = 'individual' and narrow the type ($narrowType).
   */
  email: string | null;
  first_name: string;
  last_name: string;
  phone_number: string;
  /** The CRM's prefix id (Mr, Ms, Dr...); -1 means none, as the spec's Profile Prefix default. */
  prefix: number;
  /** Null for records created by staff or by import: those people set a password by email. */
  password_hash: string | null;
  /** Starts at 1; bumped on every password change, which ends sessions made with an older value. */
  auth_version: Generated<number>;
  /** When the current email was last verified (migration 0013); null until then, and again after a change. */
  email_verified_at: Generated<string | null>;
  /** When the person deleted their account (migration 0021): the row is then an anonymised placeholder that never signs in. */
  deleted_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export type ConstituentKind = "individual" | "organisation";

export interface MembershipsTable {
  id: Generated<number>;
  constituent_id: number;
  /** The CRM membership level id (individual: 95 in test, 92 in production). */
  membership_level_id: number;
  starts_at: string;
  expires_at: string;
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
  constituents: ConstituentsTable;
  memberships: MembershipsTable;
  password_reset_tokens: PasswordResetTokensTable;
  login_lockouts: LoginLockoutsTable;
  email_verification_tokens: EmailVerificationTokensTable;
  sign_in_link_tokens: SignInLinkTokensTable;
  contact_messages: ContactMessagesTable;
}
