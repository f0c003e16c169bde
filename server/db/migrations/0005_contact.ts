import { type Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * Messages sent through the My account contact form
 * (server/accounts/contact.ts; row type in server/accounts/contact-messages-table.ts).
 * Each is kept, then mailed to STAFF_EMAIL, so a message survives a mail
 * outage. constituent_id is null once the person's account is deleted: the
 * message itself stays for the staff who answer it.
 * Conventions as 0002: integer ids, ISO 8601 UTC text timestamps.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "integer", autoId(db))
    .addColumn("constituent_id", "integer", (column) => column.references("constituents.id").onDelete("set null"))
    .addColumn("name", "text", required)
    .addColumn("email", "text", required)
    .addColumn("subject", "text", required)
    .addColumn("message", "text", required)
    .addColumn("created_at", "text", required)
    .execute();
  // Staff read them newest first; the per-person rate limit needs no index (it uses the rate-limit port).
  await db.schema.createIndex("contact_messages_created_at").on("contact_messages").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_messages").execute();
}
