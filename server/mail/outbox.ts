import { PostgresAdapter, sql, type Kysely, type Selectable } from "kysely";
import type { Database } from "../db/schema";
import type { RenderedMail } from "./mail-renderer";
import type { MailRequest } from "./mailer";
import type { MailOutboxTable } from "./tables";

/** The outbox table's reads and writes: the mailer's inserts, the worker's claims and outcomes, the dev mailbox's reads. */

export type OutboxMessage = Selectable<MailOutboxTable>;

/** Writes a rendered request, bodies and all, due at once. `db` may be the caller's transaction. */
export async function addToOutbox(
  db: Kysely<Database>,
  request: MailRequest,
  rendered: RenderedMail,
  options: { from: string; now: Date },
): Promise<number> {
  const now = options.now.toISOString();
  const row = await db
    .insertInto("mail_outbox")
    .values({
      template: request.template,
      from_address: options.from,
      to_address: request.to,
      reply_to: request.replyTo ?? null,
      subject: rendered.subject,
      text_body: rendered.text,
      html_body: rendered.html,
      created_at: now,
      sent_at: null,
      last_error: null,
      next_attempt_at: now,
      claimed_until: null,
      failed_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims up to `limit` due messages for one worker, in one statement, so two
 * workers (in this process or others) never claim the same row: on
 * PostgreSQL the candidate rows are locked with SKIP LOCKED and the
 * conditions are checked again on the locked row; SQLite runs one write at a
 * time. A claim counts an attempt and leases the row until `leaseUntil`.
 */
export async function claimDueMessages(
  db: Kysely<Database>,
  options: { now: Date; leaseUntil: Date; limit: number },
): Promise<OutboxMessage[]> {
  const now = options.now.toISOString();
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const due = db
    .selectFrom("mail_outbox")
    .select("id")
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
    .orderBy("next_attempt_at")
    .limit(options.limit);
  const rows = await db
    .updateTable("mail_outbox")
    .set((eb) => ({ attempts: eb(eb.ref("attempts"), "+", 1), claimed_until: options.leaseUntil.toISOString() }))
    .where("id", "in", isPostgres ? due.forUpdate().skipLocked() : due)
    .where("next_attempt_at", "<=", now)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Records a delivery. `clearBodies` drops the bodies (SMTP: they may hold
 * single-use links). The outcome applies only while `attempts` is still the
 * claim's own count: false when the lease ran out and another worker claimed
 * the row again.
 */
export async function markDelivered(
  db: Kysely<Database>,
  message: Pick<OutboxMessage, "id" | "attempts">,
  options: { at: Date; clearBodies: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({
      sent_at: options.at.toISOString(),
      next_attempt_at: null,
      claimed_until: null,
      ...(options.clearBodies && { text_body: null, html_body: null }),
    })
    .where("id", "=", message.id)
    .where("attempts", "=", message.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a failed attempt: due again at `retryAt`, or, when null, given up. */
export async function markAttemptFailed(
  db: Kysely<Database>,
  message: Pick<OutboxMessage, "id" | "attempts">,
  options: { error: string; retryAt: Date | null; at: Date },
): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({
      last_error: options.error,
      claimed_until: null,
      next_attempt_at: options.retryAt?.toISOString() ?? null,
      failed_at: options.retryAt ? null : options.at.toISOString(),
    })
    .where("id", "=", message.id)
    .where("attempts", "=", message.attempts)
    .execute();
}

/** The newest messages first (ties, within a millisecond, by id); with `to`, only those to that address (case ignored). */
export async function listOutboxMessages(db: Kysely<Database>, limit = 100, to?: string): Promise<OutboxMessage[]> {
  let query = db.selectFrom("mail_outbox").selectAll();
  if (to) query = query.where(sql<string>`lower(to_address)`, "=", to.toLowerCase());
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

export async function findOutboxMessage(db: Kysely<Database>, id: number): Promise<OutboxMessage | undefined> {
  return db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirst();
}

/** How long the record of a message (address, subject, when) is kept once it was sent or given up: the privacy page says so. */
export const OUTBOX_RECORD_RETENTION_DAYS = 90;

/** Deletes the records of messages sent or given up before `before`; pending ones stay. Returns how many went. */
export async function pruneOutbox(db: Kysely<Database>, before: Date): Promise<number> {
  const cutoff = before.toISOString();
  const result = await db
    .deleteFrom("mail_outbox")
    .where((eb) => eb.or([eb("sent_at", "<", cutoff), eb("failed_at", "<", cutoff)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every message to `address`, sent or not: part of erasing an account (docs/my-account.md). */
export async function forgetMessagesTo(db: Kysely<Database>, address: string): Promise<void> {
  await db.deleteFrom("mail_outbox").where("to_address", "=", address).execute();
}
