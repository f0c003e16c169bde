import type { Generated } from "kysely";

/*
 * Row types of the staff capability's tables (migration 0028_staff.ts;
 * docs/back-office.md). Only server/staff/ names them (the table-ownership
 * lint rule holds this). Timestamps are ISO 8601 UTC text.
 */

export interface StaffAccountsTable {
  id: Generated<number>;
  /** Trimmed and lower-cased. */
  email: string;
  /** One of STAFF_ROLES (./staff-roles.ts). */
  role: string;
  /** scrypt, as members' passwords (server/accounts/password-hashing.ts); null until enrolled. */
  password_hash: string | null;
  /** Base32; null until enrolled. */
  totp_secret: string | null;
  /** The last TOTP time step a sign-in used (a code never signs in twice). */
  totp_last_step: number | null;
  enrolled_at: string | null;
  created_at: string;
}

export interface StaffEnrolmentsTable {
  id: Generated<number>;
  staff_id: number;
  /** sha256 of the link's token, as the members' single-use links. */
  token_hash: string;
  /** The secret the enrolment page shows; it becomes the account's once a code from it is entered. */
  totp_secret: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  staff_id: number;
  /** sha256 of the code as shown, without its dash. */
  code_hash: string;
  used_at: string | null;
}

export interface StaffTables {
  staff_accounts: StaffAccountsTable;
  staff_enrolments: StaffEnrolmentsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
}
