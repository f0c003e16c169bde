import type { Kysely } from "kysely";
import { hashPassword, replacePassword } from "../accounts";
import type { Database } from "../db/schema";
import { resolveDay } from "./event-schedule";
import { CRM_IDS, type CrmEnvironment, type CrmPort, type NewMembership } from "../crm";
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

/**
 * Upserts people by email (already trimmed and lower-cased by the loader) and
 * their memberships by level, all through the CRM port. A record without a
 * fixture password keeps any password its person has set since. Run inside
 * a transaction, with a CRM over that transaction.
 */
export async function seedAccounts(
  db: Kysely<Database>,
  crm: CrmPort,
  accounts: readonly AccountFixture[],
  passwordHashes: ReadonlyMap<string, string>,
  options: { now: Date; seedingDate: string; crmEnvironment: CrmEnvironment },
): Promise<AccountsSeedCounts> {
  let memberships = 0;
  for (const account of accounts) {
    const id = await upsertPerson(crm, account, options.now);
    const passwordHash = passwordHashes.get(account.email);
    if (passwordHash) await replacePassword(db, id, passwordHash);
    for (const membership of account.memberships) {
      const levelId =
        typeof membership.level === "number" ? membership.level : CRM_IDS[options.crmEnvironment].membershipLevels[membership.level];
      await upsertMembership(crm, id, levelId, membershipPeriod(membership, options.seedingDate));
      memberships += 1;
    }
  }
  return { accounts: accounts.length, memberships };
}

async function upsertPerson(crm: CrmPort, account: AccountFixture, now: Date): Promise<number> {
  const person = { FirstName: account.first_name, LastName: account.last_name, Phone: account.phone_number, PrefixId: account.prefix };
  const known = await crm.findPerson(account.email);
  if (known) {
    await crm.updatePerson(known.Id, person, now);
    return known.Id;
  }
  const created = await crm.createPerson({ ...person, Email: account.email }, now);
  if (!created) throw new Error(`${account.email} is held by a constituent that is not a person, or a deleted account`);
  return created.Id;
}

/**
 * Keyed by person and level, as a school's are (seed-schools.ts): a reseed
 * moves the dates rather than adding a renewal.
 */
export async function upsertMembership(
  crm: CrmPort,
  constituentId: number,
  levelId: number,
  period: { starts_at: string; expires_at: string },
  seats: NewMembership["seats"] = [],
): Promise<void> {
  const initiation = new Date(period.starts_at);
  const expiration = new Date(period.expires_at);
  const existing = (await crm.memberships(constituentId)).find((candidate) => candidate.MembershipLevel.Id === levelId);
  if (existing) await crm.renewMembership(existing.Id, { levelId, initiation, expiration, seats });
  else await crm.createMembership({ constituentId, levelId, initiation, expiration, seats });
}
