import type { ExpressionBuilder, Kysely } from "kysely";
import { hashSingleUseToken, newSingleUseToken, singleUseTokenPattern } from "../../accounts";
import type { Database } from "../../db/schema";
import { INVITE_LIFETIME_DAYS } from "../../domain/school-invites";
import type { SchoolInvitesTable } from "../tables";

/*
 * The school_invites table (migration 0022), owned by memberships: the row is
 * the authority on an invite, the emailed token only names it. Only the
 * token's hash is stored, so a copy of the database opens no school.
 */

/** Only a pending invite: not accepted, not revoked, not expired at `at` (every change to an invite asks this, in its own statement). */
const pendingAt = (at: string) => (eb: ExpressionBuilder<Database, "school_invites">) =>
  eb.and([eb("accepted_at", "is", null), eb("revoked_at", "is", null), eb("expires_at", ">", at)]);

export type InviteRow = Omit<SchoolInvitesTable, "id"> & { id: number };

/** Stores a new invite and returns the token, for the email only. A pending invite to the same address at the school is revoked: one address holds one seat. */
export async function storeInvite(
  db: Kysely<Database>,
  invite: { schoolId: number; membershipId: number; email: string; invitedBy: number },
  now: Date,
): Promise<string> {
  await revokePendingInvitesTo(db, invite.schoolId, invite.email, now);
  const { token, tokenHash, createdAt, expiresAt } = newSingleUseToken(now, INVITE_LIFETIME_DAYS * 24 * 60);
  await db
    .insertInto("school_invites")
    .values({
      token_hash: tokenHash,
      school_id: invite.schoolId,
      membership_id: invite.membershipId,
      email: invite.email,
      invited_by: invite.invitedBy,
      created_at: createdAt,
      expires_at: expiresAt,
      accepted_at: null,
      accepted_by: null,
      revoked_at: null,
    })
    .execute();
  return token;
}

export async function inviteByToken(db: Kysely<Database>, token: string): Promise<InviteRow | undefined> {
  if (!singleUseTokenPattern.test(token)) return undefined;
  return db.selectFrom("school_invites").selectAll().where("token_hash", "=", hashSingleUseToken(token)).executeTakeFirst();
}

/**
 * Spends a pending invite for `personId`: a conditional update, so of two
 * requests racing with one token only one gets the row back.
 */
export async function spendInvite(db: Kysely<Database>, inviteId: number, personId: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const spent = await db
    .updateTable("school_invites")
    .set({ accepted_at: at, accepted_by: personId })
    .where("id", "=", inviteId)
    .where(pendingAt(at))
    .executeTakeFirst();
  return spent.numUpdatedRows > 0n;
}

const pending = (db: Kysely<Database>, schoolId: number, now: Date) =>
  db
    .selectFrom("school_invites")
    .where("school_id", "=", schoolId)
    .where(pendingAt(now.toISOString()));

/** The school's pending invites, newest first. */
export async function pendingInvites(db: Kysely<Database>, schoolId: number, now: Date): Promise<InviteRow[]> {
  return pending(db, schoolId, now).selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

/** Pending invites at the school to any address but `exceptEmail` (an invite to it is about to be replaced). */
export async function pendingInviteCount(db: Kysely<Database>, schoolId: number, now: Date, exceptEmail: string): Promise<number> {
  const row = await pending(db, schoolId, now)
    .where("email", "!=", exceptEmail)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Revokes one pending invite of the school: its address, or undefined when there was none to revoke. */
export async function revokePendingInvite(db: Kysely<Database>, schoolId: number, inviteId: number, now: Date): Promise<{ email: string } | undefined> {
  const at = now.toISOString();
  return db
    .updateTable("school_invites")
    .set({ revoked_at: at })
    .where("id", "=", inviteId)
    .where("school_id", "=", schoolId)
    .where(pendingAt(at))
    .returning("email")
    .executeTakeFirst();
}

/**
 * Resending: the same stored invite (its row, the seat it holds) gets a new
 * token and a fresh lifetime. Only the token's hash is stored, so the old
 * link cannot be mailed again; it stops working and the new one takes over.
 * Undefined when the invite is no longer pending.
 */
export async function renewPendingInvite(
  db: Kysely<Database>,
  schoolId: number,
  inviteId: number,
  now: Date,
): Promise<{ token: string; email: string; membershipId: number } | undefined> {
  const { token, tokenHash, expiresAt } = newSingleUseToken(now, INVITE_LIFETIME_DAYS * 24 * 60);
  const at = now.toISOString();
  const renewed = await db
    .updateTable("school_invites")
    .set({ token_hash: tokenHash, expires_at: expiresAt })
    .where("id", "=", inviteId)
    .where("school_id", "=", schoolId)
    .where(pendingAt(at))
    .returning(["email", "membership_id"])
    .executeTakeFirst();
  return renewed && { token, email: renewed.email, membershipId: renewed.membership_id };
}

/** Revokes every pending invite to the address at the school; how many. */
export async function revokePendingInvitesTo(db: Kysely<Database>, schoolId: number, email: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const revoked = await db
    .updateTable("school_invites")
    .set({ revoked_at: at })
    .where("school_id", "=", schoolId)
    .where("email", "=", email)
    .where(pendingAt(at))
    .executeTakeFirst();
  return Number(revoked.numUpdatedRows);
}
