import { sql, type Kysely } from "kysely";
import { hotQuery } from "../db/hot-query";
import type { Database } from "../db/schema";

/*
 * A person's credentials (account_credentials, migration 0026): their
 * password hash, auth_version and when their address was last verified.
 * Accounts owns them; the person is the CRM's. A person with no row (made by
 * staff or an import) has no password, version 1 and no verified address, so
 * every write here is an upsert.
 */

export interface Credentials {
  passwordHash: string | null;
  authVersion: number;
  emailVerifiedAt: string | null;
}

const NO_CREDENTIALS: Credentials = { passwordHash: null, authVersion: 1, emailVerifiedAt: null };

/** Read for every signed-in request (session-people.ts): compiled once (db/hot-query.ts). */
const credentialsRow = hotQuery((db, constituentId: number) =>
  db.selectFrom("account_credentials").select(["password_hash", "auth_version", "email_verified_at"]).where("constituent_id", "=", constituentId),
);

export async function credentialsOf(db: Kysely<Database>, constituentId: number): Promise<Credentials> {
  const [row] = await credentialsRow(db, constituentId);
  return row ? { passwordHash: row.password_hash, authVersion: row.auth_version, emailVerifiedAt: row.email_verified_at } : NO_CREDENTIALS;
}

/** A new account's credentials: its first password, version 1, nothing verified yet. */
export async function createCredentials(db: Kysely<Database>, constituentId: number, passwordHash: string): Promise<void> {
  await db.insertInto("account_credentials").values({ constituent_id: constituentId, password_hash: passwordHash, email_verified_at: null }).execute();
}

/**
 * Sets the password hash (null: none, as after an erasure) and moves
 * auth_version on, which ends every session signed in before. Returns the
 * new auth_version.
 */
export async function replacePassword(db: Kysely<Database>, constituentId: number, passwordHash: string | null): Promise<number> {
  const { auth_version } = await db
    .insertInto("account_credentials")
    // No row was version 1, so the first change makes it 2.
    .values({ constituent_id: constituentId, password_hash: passwordHash, auth_version: 2, email_verified_at: null })
    .onConflict((conflict) =>
      conflict.column("constituent_id").doUpdateSet((update) => ({
        password_hash: passwordHash,
        auth_version: sql<number>`${update.ref("account_credentials.auth_version")} + 1`,
      })),
    )
    .returning("auth_version")
    .executeTakeFirstOrThrow();
  return auth_version;
}

/** Forgets that the address was verified (an erasure). */
export async function forgetVerification(db: Kysely<Database>, constituentId: number): Promise<void> {
  await db.updateTable("account_credentials").set({ email_verified_at: null }).where("constituent_id", "=", constituentId).execute();
}
