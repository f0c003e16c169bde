import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { hashSingleUseToken, newSingleUseToken } from "../accounts";
import { hashRecoveryCode } from "./recovery-codes";
import { isStaffRole, type StaffRole } from "./staff-roles";

/** Queries over the staff capability's tables (migration 0028), for its services. */

/** A staff account as the services use it. */
export interface StaffAccount {
  id: number;
  email: string;
  role: StaffRole;
  passwordHash: string | null;
  totpSecret: string | null;
  totpLastStep: number | null;
  enrolledAt: string | null;
  createdAt: string;
}

/** An enrolment link's token is good this long (issue 28: 24 hours). */
export const ENROLMENT_LINK_LIFETIME_HOURS = 24;

const accountColumns = ["id", "email", "role", "password_hash", "totp_secret", "totp_last_step", "enrolled_at", "created_at"] as const;

type AccountRow = Pick<Database["staff_accounts"], "email" | "role" | "password_hash" | "totp_secret" | "enrolled_at" | "created_at"> & {
  id: number;
  totp_last_step: number | null;
};

function accountOf(row: AccountRow): StaffAccount {
  // The column holds only roles written through isStaffRole; anything else is a corrupt row, and gets the least role.
  const role: StaffRole = isStaffRole(row.role) ? row.role : "support";
  return {
    id: Number(row.id),
    email: row.email,
    role,
    passwordHash: row.password_hash,
    totpSecret: row.totp_secret,
    totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
    enrolledAt: row.enrolled_at,
    createdAt: row.created_at,
  };
}

export function staffRecords(db: Kysely<Database>) {
  const accounts = () => db.selectFrom("staff_accounts").select(accountColumns);

  return {
    async byId(id: number): Promise<StaffAccount | undefined> {
      const row = await accounts().where("id", "=", id).executeTakeFirst();
      return row && accountOf(row);
    },

    async byEmail(email: string): Promise<StaffAccount | undefined> {
      const row = await accounts().where("email", "=", email).executeTakeFirst();
      return row && accountOf(row);
    },

    async all(): Promise<StaffAccount[]> {
      const rows = await accounts().orderBy("email").execute();
      return rows.map(accountOf);
    },

    async owners(): Promise<number> {
      const row = await db.selectFrom("staff_accounts").select((eb) => eb.fn.countAll<number | string>().as("owners")).where("role", "=", "owner").executeTakeFirst();
      return Number(row?.owners ?? 0);
    },

    /** A new account, not yet enrolled; undefined when the address is on the staff already. */
    async insert(email: string, role: StaffRole, now: Date, executor: Kysely<Database> = db): Promise<number | undefined> {
      const row = await executor
        .insertInto("staff_accounts")
        .values({ email, role, created_at: now.toISOString() })
        .onConflict((conflict) => conflict.column("email").doNothing())
        .returning("id")
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.id);
    },

    async setRole(id: number, role: StaffRole, executor: Kysely<Database> = db): Promise<void> {
      await executor.updateTable("staff_accounts").set({ role }).where("id", "=", id).execute();
    },

    async delete(id: number, executor: Kysely<Database> = db): Promise<void> {
      await executor.deleteFrom("staff_accounts").where("id", "=", id).execute();
    },

    /** Only a later step moves it on: of two sign-ins racing with one code, one wins. True when this one did. */
    async acceptTotpStep(id: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable("staff_accounts")
        .set({ totp_last_step: step })
        .where("id", "=", id)
        .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * A new enrolment link for the account, with the TOTP secret its page will
     * show. Any earlier link of the account stops working.
     */
    async newEnrolment(staffId: number, totpSecret: string, now: Date, executor: Kysely<Database> = db): Promise<{ token: string; expiresAt: string }> {
      const link = newSingleUseToken(now, ENROLMENT_LINK_LIFETIME_HOURS * 60);
      await executor.deleteFrom("staff_enrolments").where("staff_id", "=", staffId).where("used_at", "is", null).execute();
      await executor
        .insertInto("staff_enrolments")
        .values({ staff_id: staffId, token_hash: link.tokenHash, totp_secret: totpSecret, created_at: link.createdAt, expires_at: link.expiresAt })
        .execute();
      return { token: link.token, expiresAt: link.expiresAt };
    },

    /** The unused, unexpired enrolment the token opens, with its account. */
    async openEnrolment(token: string, now: Date, executor: Kysely<Database> = db): Promise<{ id: number; totpSecret: string; account: StaffAccount } | undefined> {
      const enrolment = await executor
        .selectFrom("staff_enrolments")
        .select(["id", "staff_id", "totp_secret"])
        .where("token_hash", "=", hashSingleUseToken(token))
        .where("used_at", "is", null)
        .where("expires_at", ">", now.toISOString())
        .executeTakeFirst();
      if (!enrolment) return undefined;
      const row = await executor.selectFrom("staff_accounts").select(accountColumns).where("id", "=", enrolment.staff_id).executeTakeFirst();
      return row && { id: Number(enrolment.id), totpSecret: enrolment.totp_secret, account: accountOf(row) };
    },

    /**
     * Spends the enrolment and makes the account's credentials the new ones:
     * its password, its TOTP secret (with the step just used), and ten new
     * recovery codes in place of any old ones. False when the link was spent
     * meanwhile (nothing then changes).
     */
    async completeEnrolment(
      executor: Kysely<Database>,
      enrolment: { id: number; staffId: number; totpSecret: string; totpStep: number },
      credentials: { passwordHash: string; recoveryCodes: readonly string[] },
      now: Date,
    ): Promise<boolean> {
      const at = now.toISOString();
      const spent = await executor.updateTable("staff_enrolments").set({ used_at: at }).where("id", "=", enrolment.id).where("used_at", "is", null).executeTakeFirst();
      if (Number(spent.numUpdatedRows) !== 1) return false;
      await executor
        .updateTable("staff_accounts")
        .set({ password_hash: credentials.passwordHash, totp_secret: enrolment.totpSecret, totp_last_step: enrolment.totpStep, enrolled_at: at })
        .where("id", "=", enrolment.staffId)
        .execute();
      await executor.deleteFrom("staff_recovery_codes").where("staff_id", "=", enrolment.staffId).execute();
      await executor
        .insertInto("staff_recovery_codes")
        .values(credentials.recoveryCodes.map((code) => ({ staff_id: enrolment.staffId, code_hash: hashRecoveryCode(code) })))
        .execute();
      return true;
    },

    /** Spends one unused recovery code of the account; true when the code was one. */
    async spendRecoveryCode(staffId: number, code: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable("staff_recovery_codes")
        .set({ used_at: now.toISOString() })
        .where("staff_id", "=", staffId)
        .where("code_hash", "=", hashRecoveryCode(code))
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) >= 1;
    },

    async recoveryCodesLeft(staffId: number): Promise<number> {
      const row = await db
        .selectFrom("staff_recovery_codes")
        .select((eb) => eb.fn.countAll<number | string>().as("left"))
        .where("staff_id", "=", staffId)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(row?.left ?? 0);
    },
  };
}

export type StaffRecords = ReturnType<typeof staffRecords>;
