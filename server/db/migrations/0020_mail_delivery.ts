import { sql, type Kysely } from "kysely";

/*
 * Mail through an outbox (server/mail/outbox-worker.ts): a message is written
 * in the same transaction as the change that caused it, and a worker
 * delivers it later, retrying with backoff.
 * - attempts: delivery attempts so far (counted when a worker claims the row).
 * - next_attempt_at: when a worker may next try; null once the message is
 *   sent or given up, so the due-rows index holds only messages in flight.
 * - claimed_until: a worker's lease on the row while it sends; past it, a
 *   crashed worker's row is due again.
 * - failed_at: when delivery was given up.
 * - error becomes last_error: the latest attempt's failure.
 * Rows from before this migration were delivered synchronously: an unsent one
 * was already reported as failed to whoever asked (and SMTP rows kept no
 * bodies to send), so they are marked given up rather than retried.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").renameColumn("error", "last_error").execute();
  await db.schema.alterTable("mail_outbox").addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("mail_outbox").addColumn("next_attempt_at", "text").execute();
  await db.schema.alterTable("mail_outbox").addColumn("claimed_until", "text").execute();
  await db.schema.alterTable("mail_outbox").addColumn("failed_at", "text").execute();
  await sql`UPDATE mail_outbox SET failed_at = created_at,
    last_error = COALESCE(last_error, 'Not sent: written before mail went through the outbox worker.')
    WHERE sent_at IS NULL`.execute(db);
  await db.schema.createIndex("mail_outbox_next_attempt_at").on("mail_outbox").column("next_attempt_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("mail_outbox_next_attempt_at").execute();
  for (const column of ["failed_at", "claimed_until", "next_attempt_at", "attempts"]) {
    await db.schema.alterTable("mail_outbox").dropColumn(column).execute();
  }
  await db.schema.alterTable("mail_outbox").renameColumn("last_error", "error").execute();
}
