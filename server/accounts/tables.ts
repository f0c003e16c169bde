import type { Generated } from "kysely";

/*
 * Row types for the tables of server/db/migrations/0003_accounts.ts, merged
 * into the app's `Database` (and constituents' row type) by declaration
 * merging, so the accounts area adds its tables without editing shared files.
 */

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

export interface LoginLockoutsTable {
  /** "account:<sha256 of the email>" or "address:<ip>". */
  subject_key: string;
  locked_until: string;
}

declare module "../db/schema" {
  interface Database {
    password_reset_tokens: PasswordResetTokensTable;
    login_lockouts: LoginLockoutsTable;
  }
}

declare module "../content/tables" {
  interface ConstituentsTable {
    /** Starts at 1; bumped on every password change, which ends sessions made with an older value. */
    auth_version: Generated<number>;
  }
}
