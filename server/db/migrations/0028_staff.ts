import type { Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * The back office's staff (issue 28, server/staff/, docs/back-office.md):
 * - staff_accounts: the organisation's staff, apart from members' accounts
 *   (no constituent, no CRM record). A row is made by `npm run staff:create`
 *   or an owner's invite, with no password and no second factor until its
 *   enrolment link is used.
 * - staff_enrolments: the single-use enrolment links (only the sha256 of the
 *   token kept, as the members' emailed links), each with the TOTP secret the
 *   enrolment page shows, so showing the page changes nothing.
 * - staff_recovery_codes: ten per enrolment, each kept only as its sha256 and
 *   spent once.
 * - staff_sessions: the staff session store, apart from members' sessions
 *   (the same shape as `sessions`, migration 0001).
 * And audit_events says who on the staff acted, on which record, and what it
 * was before and after (each null for the events members cause).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("staff_accounts")
    .addColumn("id", "integer", autoId(db))
    .addColumn("email", "text", (column) => column.notNull().unique())
    .addColumn("role", "text", required)
    .addColumn("password_hash", "text")
    .addColumn("totp_secret", "text")
    // The last TOTP time step accepted: a code is refused at or before it, so one code signs in once (RFC 6238, 5.2).
    .addColumn("totp_last_step", "bigint")
    .addColumn("enrolled_at", "text")
    .addColumn("created_at", "text", required)
    .execute();

  await db.schema
    .createTable("staff_enrolments")
    .addColumn("id", "integer", autoId(db))
    .addColumn("staff_id", "integer", (column) => column.notNull().references("staff_accounts.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("totp_secret", "text", required)
    .addColumn("created_at", "text", required)
    .addColumn("expires_at", "text", required)
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("staff_enrolments_staff_id").on("staff_enrolments").column("staff_id").execute();

  await db.schema
    .createTable("staff_recovery_codes")
    .addColumn("id", "integer", autoId(db))
    .addColumn("staff_id", "integer", (column) => column.notNull().references("staff_accounts.id").onDelete("cascade"))
    .addColumn("code_hash", "text", required)
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("staff_recovery_codes_staff_id").on("staff_recovery_codes").column("staff_id").execute();

  await db.schema
    .createTable("staff_sessions")
    .addColumn("sid", "text", (column) => column.primaryKey())
    .addColumn("sess", "text", required)
    .addColumn("expires_at", "bigint", required)
    .addColumn("created_at", "bigint", required)
    .execute();
  await db.schema.createIndex("staff_sessions_expires_at_idx").on("staff_sessions").column("expires_at").execute();

  await db.schema.alterTable("audit_events").addColumn("staff_actor_id", "integer").execute();
  await db.schema.alterTable("audit_events").addColumn("record_type", "text").execute();
  await db.schema.alterTable("audit_events").addColumn("record_id", "text").execute();
  await db.schema.alterTable("audit_events").addColumn("record_before", "text").execute();
  await db.schema.alterTable("audit_events").addColumn("record_after", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // SQLite drops one column per ALTER TABLE.
  for (const column of ["record_after", "record_before", "record_id", "record_type", "staff_actor_id"]) {
    await db.schema.alterTable("audit_events").dropColumn(column).execute();
  }
  await db.schema.dropTable("staff_sessions").execute();
  await db.schema.dropTable("staff_recovery_codes").execute();
  await db.schema.dropTable("staff_enrolments").execute();
  await db.schema.dropTable("staff_accounts").execute();
}
