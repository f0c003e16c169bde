import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { SessionUser } from "./current-user";

/** The columns sign-in needs. */
export interface ConstituentCredentials {
  id: number;
  email: string;
  first_name: string;
  password_hash: string | null;
  auth_version: number;
}

export interface NewConstituent {
  email: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  password_hash: string;
}

const credentialColumns = ["id", "email", "first_name", "password_hash", "auth_version"] as const;

/** `email` must already be normalised (it is stored that way). */
export async function findConstituentByEmail(db: Kysely<Database>, email: string): Promise<ConstituentCredentials | undefined> {
  return db
    .selectFrom("constituents")
    .select(credentialColumns)
    .where("email", "=", email)
    .where("kind", "=", "individual")
    // A deleted account never signs in, resets, or counts as taken (migration 0021).
    .where("deleted_at", "is", null)
    .$narrowType<{ email: string }>()
    .executeTakeFirst();
}

/** The new person, or undefined when the email is already taken (the unique index decides, so two racing sign-ups cannot both win). */
export async function createConstituent(
  db: Kysely<Database>,
  person: NewConstituent,
  now: Date,
): Promise<ConstituentCredentials | undefined> {
  const timestamp = now.toISOString();
  return db
    .insertInto("constituents")
    .values({ ...person, prefix: -1, created_at: timestamp, updated_at: timestamp })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .returning(credentialColumns)
    .$narrowType<{ email: string }>()
    .executeTakeFirst();
}

/**
 * Stores a new password hash and bumps auth_version, which ends every
 * session signed in before. Returns the new auth_version.
 */
export async function replacePassword(db: Kysely<Database>, constituentId: number, passwordHash: string, now: Date): Promise<number> {
  const { auth_version } = await db
    .updateTable("constituents")
    .set((update) => ({
      password_hash: passwordHash,
      auth_version: update(update.ref("auth_version"), "+", 1),
      updated_at: now.toISOString(),
    }))
    .where("id", "=", constituentId)
    .returning("auth_version")
    .executeTakeFirstOrThrow();
  return auth_version;
}

/** The person's own memberships' expiry dates (an individual membership; school memberships come with the school issue). */
export async function ownMemberships(db: Kysely<Database>, constituentId: number): Promise<{ expires_at: string }[]> {
  return db.selectFrom("memberships").select("expires_at").where("constituent_id", "=", constituentId).execute();
}

/** The signed-in person's details and auth_version, read on each request to check the session (server/http/session-user.ts). */
export async function findSessionUser(db: Kysely<Database>, constituentId: number): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom("constituents")
    .select(["id", "email", "first_name", "last_name", "auth_version"])
    .where("id", "=", constituentId)
    .where("kind", "=", "individual")
    .where("deleted_at", "is", null)
    .$narrowType<{ email: string }>()
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, authVersion: row.auth_version };
}
