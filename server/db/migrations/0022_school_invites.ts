import type { Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * School invites (server/memberships/invite-store.ts, docs/schools.md): the
 * row, not the emailed link, is the authority. The link carries 32 random
 * bytes of which only the sha256 hash is kept, as for reset links. A row is
 * pending until it is accepted (once), revoked (by an admin, by removing the
 * person, or by a newer invite to the same address) or expired; pending rows
 * hold a seat. invited_by is cleared when that admin's account is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("school_invites")
    .addColumn("id", "integer", autoId(db))
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("school_id", "integer", (column) => column.notNull().references("constituents.id").onDelete("cascade"))
    .addColumn("membership_id", "integer", required)
    .addColumn("email", "text", required)
    .addColumn("invited_by", "integer", (column) => column.references("constituents.id").onDelete("set null"))
    .addColumn("created_at", "text", required)
    .addColumn("expires_at", "text", required)
    .addColumn("accepted_at", "text")
    .addColumn("accepted_by", "integer", (column) => column.references("constituents.id").onDelete("set null"))
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("school_invites_school_email").on("school_invites").columns(["school_id", "email"]).execute();
  await db.schema.createIndex("school_invites_email").on("school_invites").column("email").execute();
  await db.schema.createIndex("school_invites_invited_by").on("school_invites").column("invited_by").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("school_invites").ifExists().execute();
}
