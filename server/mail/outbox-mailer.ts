import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { MailRenderer } from "./mail-renderer";
import type { ClosableMailer, MailRequest } from "./mailer";
import { addToOutbox, outboxEntryFor } from "./outbox";

/**
 * The embedded mailer: a message is delivered by writing it, bodies and all,
 * to the outbox table, where /dev/mailbox/ (and tests) read it. Nothing
 * leaves the machine.
 */
export class OutboxMailer implements ClosableMailer {
  constructor(private readonly options: { db: Kysely<Database>; renderer: MailRenderer; from: string }) {}

  async send(message: MailRequest): Promise<void> {
    const { db, renderer, from } = this.options;
    const rendered = renderer.render(message.template, message.context);
    // Written and sent are one moment here: one clock reading, so sent_at can never precede created_at.
    const now = new Date();
    await addToOutbox(db, outboxEntryFor(message, rendered, { from, keepBodies: true, sentAt: now }), now);
  }

  close(): void {}
}
