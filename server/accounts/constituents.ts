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

/** `email` must already be normalised (it is stored that way). */
export async function findConstituentByEmail(db: Kysely<Database>, email: string): Promise<ConstituentCredentials | undefined> {
  const row = await db
    .selectFrom("constituents")
    .leftJoin("account_credentials", "account_credentials.constituent_id", "constituents.id")
    .select(["constituents.id", "constituents.email", "constituents.first_name", "account_credentials.password_hash", "account_credentials.auth_version"])
    .where("constituents.email", "=", email)
    .where("constituents.kind", "=", "individual")
    // A deleted account never signs in, resets, or counts as taken (migration 0021).
    .where("constituents.deleted_at", "is", null)
    .$narrowType<{ email: string }>()
    .executeTakeFirst();
  // No credentials row: no password, version 1 (credentials.ts).
  return row && { ...row, password_hash: row.password_hash ?? null, auth_version: row.auth_version ?? 1 };
}

/** The person's own memberships' expiry dates (an individual membership; school memberships come with the school issue). */
export async function ownMemberships(db: Kysely<Database>, constituentId: number): Promise<{ expires_at: string }[]> {
  return db.selectFrom("memberships").select("expires_at").where("constituent_id", "=", constituentId).execute();
}

/** The signed-in person's details and auth_version, read on each request to check the session (server/http/session-user.ts). */
export async function findSessionUser(db: Kysely<Database>, constituentId: number): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom("constituents")
    .leftJoin("account_credentials", "account_credentials.constituent_id", "constituents.id")
    .select(["constituents.id", "constituents.email", "constituents.first_name", "constituents.last_name", "account_credentials.auth_version"])
    .where("constituents.id", "=", constituentId)
    .where("constituents.kind", "=", "individual")
    .where("constituents.deleted_at", "is", null)
    .$narrowType<{ email: string }>()
    .executeTakeFirst();
  return row && { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, authVersion: row.auth_version ?? 1 };
}
