import { type Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * The mail outbox (server/mail/outbox.ts): one row per message the site
 * sends. The embedded mailer delivers by writing the row; the SMTP mailer
 * writes it as an audit record. Timestamps are ISO 8601 UTC text, as in 0002.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "integer", autoId(db))
    .addColumn("template", "text", required)
    .addColumn("from_address", "text", required)
    .addColumn("to_address", "text", required)
    .addColumn("reply_to", "text")
    .addColumn("subject", "text", required)
    // Null when the bodies were not kept (SMTP delivery: they may hold single-use links).
    .addColumn("text_body", "text")
    .addColumn("html_body", "text")
    .addColumn("created_at", "text", required)
    .addColumn("sent_at", "text")
    .addColumn("error", "text")
    .execute();
  // The mailbox lists newest first.
  await db.schema.createIndex("mail_outbox_created_at").on("mail_outbox").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail_outbox").execute();
}
