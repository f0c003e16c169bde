import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * The mail port. Services ask for a message by template name; the mailer
 * renders it (server/mail/mail-renderer.ts) and writes it to the outbox
 * table, in the caller's transaction; the outbox worker delivers it later
 * (server/mail/outbox-worker.ts), by SMTP when MAIL_URL is set. See docs/mail.md.
 */
export interface MailRequest {
  /** One recipient address. */
  to: string;
  /** Names the pair templates/mail/<template>.txt.njk and <template>.html.njk. */
  template: string;
  /** The templates' variables. */
  context: object;
  /** Where replies go, when not to MAIL_FROM: e.g. the visitor who wrote through the contact form. */
  replyTo?: string;
}

export interface SendOptions {
  /**
   * Where to write the message: the transaction of the change that caused
   * it, so both commit or neither does. Defaults to the mailer's own
   * database handle (a statement of its own).
   */
  db?: Kysely<Database>;
}

export interface Mailer {
  /**
   * Queues the message: resolves once it is written to the outbox (delivery
   * follows, with retries, whether or not a mail server is up just now).
   * Rejects only when it cannot be written, or, a programming error, when a
   * template or variable is missing.
   */
  send(message: MailRequest, options?: SendOptions): Promise<void>;
}
