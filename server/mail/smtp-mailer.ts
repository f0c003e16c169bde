import type { Kysely } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Database } from "../db/schema";
import type { Logger } from "../logging";
import type { MailRenderer } from "./mail-renderer";
import { MailDeliveryError, type ClosableMailer, type MailRequest } from "./mailer";
import { addToOutbox, markOutboxMessageFailed, markOutboxMessageSent, outboxEntryFor } from "./outbox";

/**
 * Shorter than nodemailer's defaults (two minutes to connect), since a person
 * is waiting on the page. Query parameters in MAIL_URL override them, e.g.
 * smtp://host:587?connectionTimeout=20000.
 */
const defaultTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export interface SmtpMailerOptions {
  /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465 (TLS from the start). */
  url: string;
  from: string;
  db: Kysely<Database>;
  renderer: MailRenderer;
  logger: Logger;
}

/**
 * Delivers through an SMTP server with nodemailer. Each message is also
 * recorded in the outbox table as an audit trail (recipient, subject,
 * template, when it was sent, or why it failed), but without its bodies:
 * they can hold single-use links, which must not sit readable in the
 * database.
 */
export class SmtpMailer implements ClosableMailer {
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(private readonly options: SmtpMailerOptions) {
    this.transport = nodemailer.createTransport(new SMTPTransport({ ...defaultTimeouts, url: options.url }));
  }

  async send(message: MailRequest): Promise<void> {
    const { db, renderer, from, logger } = this.options;
    const rendered = renderer.render(message.template, message.context);
    const id = await addToOutbox(db, outboxEntryFor(message, rendered, { from, keepBodies: false, sentAt: null }));
    try {
      const { subject, text, html } = rendered;
      await this.transport.sendMail({ from, to: message.to, replyTo: message.replyTo, subject, text, html });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await markOutboxMessageFailed(db, id, reason);
      logger.error({ outboxId: id, template: message.template, reason }, "could not send email by SMTP");
      throw new MailDeliveryError({ cause: error });
    }
    await markOutboxMessageSent(db, id);
  }

  close(): void {
    this.transport.close();
  }
}
