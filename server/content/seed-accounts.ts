import { sql, type Kysely } from "kysely";
import { hashPassword } from "../auth/password-hashing";
import type { Database } from "../db/schema";
import { resolveDay } from "./event-schedule";
import type { CrmEnvironment } from "../crm/crm-ids";
import { CRM_IDS } from "../crm/crm-ids";
import type { AccountFixture } from "./fixture-schema/accounts";
import type { DayRef } from "./fixture-schema/common";
import { addDays, londonWallClockToUtc } from "../shared/london-time";

export interface AccountsSeedCounts {
  accounts: number;
  memberships: number;
}

/** Password hash by email. Hashing is slow by design, so it runs before the transaction, in parallel. */
export async function hashFixturePasswords(accounts: readonly AccountFixture[]): Promise<Map<string, string>> {
  const withPasswords = accounts.filter((account) => account.password !== undefined);
  const hashes = await Promise.all(withPasswords.map((account) => hashPassword(account.password as string)));
  return new Map(withPasswords.map((account, index) => [account.email, hashes[index] as string]));
}

/** A membership runs from the start of its first London day to the end of its last. */
export function membershipPeriod(membership: { starts: DayRef; expires: DayRef }, seedingDate: string) {
  const lastDay = resolveDay(membership.expires, seedingDate);
  const dayAfter = londonWallClockToUtc(addDays(lastDay, 1), "00:00");
  return {
    starts_at: londonWallClockToUtc(resolveDay(membership.starts, seedingDate), "00:00").toISOString(),
    expires_at: new Date(dayAfter.getTime() - 1).toISOString(),
  };
}

async function upsertMembership(db: Kysely<Database>, constituentId: number, levelId: number, period: { starts_at: string; expires_at: string }) {
  // Keyed by person and level, so a reseed moves the dates instead of adding a renewal.
  const updated = await db
    .updateTable("memberships")
    .set(period)
    .where("constituent_id", "=", constituentId)
    .where("membership_level_id", "=", levelId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await db.insertInto("memberships").values({ constituent_id: constituentId, membership_level_id: levelId, ...period }).execute();
  }
}

/**
 * Upserts people by email (already trimmed and lower-cased by the loader) and
 * their memberships by level. A record without a fixture password keeps any
 * password its person has set since. Run inside a transaction.
 */
export async function seedAccounts(
  db: Kysely<Database>,
  accounts: readonly AccountFixture[],
  passwordHashes: ReadonlyMap<string, string>,
  options: { now: Date; seedingDate: string; crmEnvironment: CrmEnvironment },
): Promise<AccountsSeedCounts> {
  const timestamp = options.now.toISOString();
  let memberships = 0;
  for (const account of accounts) {
    const { id } = await db
      .insertInto("constituents")
      .values({
        email: account.email,
        first_name: account.first_name,
        last_name: account.last_name,
        phone_number: account.phone_number,
        prefix: account.prefix,
        password_hash: passwordHashes.get(account.email) ?? null,
        created_at: timestamp,
        updated_at: timestamp,
      })
      .onConflict((conflict) =>
        conflict.column("email").doUpdateSet((update) => ({
          first_name: update.ref("excluded.first_name"),
          last_name: update.ref("excluded.last_name"),
          phone_number: update.ref("excluded.phone_number"),
          prefix: update.ref("excluded.prefix"),
          password_hash: sql<string | null>`coalesce(excluded.password_hash, constituents.password_hash)`,
          updated_at: update.ref("excluded.updated_at"),
        })),
      )
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const membership of account.memberships) {
      const levelId =
        typeof membership.level === "number" ? membership.level : CRM_IDS[options.crmEnvironment].membershipLevels[membership.level];
      await upsertMembership(db, id, levelId, membershipPeriod(membership, options.seedingDate));
      memberships += 1;
    }
  }
  return { accounts: accounts.length, memberships };
}
