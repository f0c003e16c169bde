import type { Kysely, Selectable } from "kysely";
import type { Database } from "../db/schema";
import type { RenderedMail } from "./mail-renderer";
import type { MailRequest } from "./mailer";
import type { MailOutboxTable } from "./outbox-table";

/** The outbox table's reads and writes, shared by both mailers and the dev mailbox. */

export type OutboxMessage = Selectable<MailOutboxTable>;

export interface NewOutboxMessage {
  template: string;
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  /** Null keeps the body out of the table. */
  text: string | null;
  html: string | null;
  /** Set when the row itself is the delivery (the embedded mailer). */
  sentAt: string | null;
}

/** The outbox row for a rendered request; `keepBodies: false` leaves the bodies out. */
export function outboxEntryFor(
  request: MailRequest,
  rendered: RenderedMail,
  options: { from: string; keepBodies: boolean; sentAt: Date | null },
): NewOutboxMessage {
  return {
    template: request.template,
    from: options.from,
    to: request.to,
    replyTo: request.replyTo ?? null,
    subject: rendered.subject,
    text: options.keepBodies ? rendered.text : null,
    html: options.keepBodies ? rendered.html : null,
    sentAt: options.sentAt?.toISOString() ?? null,
  };
}

export async function addToOutbox(db: Kysely<Database>, message: NewOutboxMessage, now: Date = new Date()): Promise<number> {
  const row = await db
    .insertInto("mail_outbox")
    .values({
      template: message.template,
      from_address: message.from,
      to_address: message.to,
      reply_to: message.replyTo,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      created_at: now.toISOString(),
      sent_at: message.sentAt,
      error: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markOutboxMessageSent(db: Kysely<Database>, id: number, at: Date = new Date()): Promise<void> {
  await db.updateTable("mail_outbox").set({ sent_at: at.toISOString(), error: null }).where("id", "=", id).execute();
}

export async function markOutboxMessageFailed(db: Kysely<Database>, id: number, error: string): Promise<void> {
  await db.updateTable("mail_outbox").set({ error }).where("id", "=", id).execute();
}

/** The newest messages first (ties, within a millisecond, by id). */
export async function listOutboxMessages(db: Kysely<Database>, limit = 100): Promise<OutboxMessage[]> {
  return db.selectFrom("mail_outbox").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

export async function findOutboxMessage(db: Kysely<Database>, id: number): Promise<OutboxMessage | undefined> {
  return db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirst();
}
