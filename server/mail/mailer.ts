/**
 * The mail port. Routes and domain services ask for a message by template
 * name; an adapter renders it (server/mail/mail-renderer.ts) and delivers it.
 * Adapters: OutboxMailer (embedded: the outbox table, read at /dev/mailbox/)
 * and SmtpMailer (MAIL_URL). See docs/mail.md.
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

export interface Mailer {
  /** Resolves once the message is handed over; rejects with MailDeliveryError when it could not be. */
  send(message: MailRequest): Promise<void>;
}

/** A mailer that holds a connection, closed on shutdown. */
export interface ClosableMailer extends Mailer {
  close(): void;
}

/** The message could not be delivered; `message` can be shown to the person who asked for it. */
export class MailDeliveryError extends Error {
  override name = "MailDeliveryError";

  constructor(options?: { cause?: unknown }) {
    super("We could not send the email just now. Please try again in a few minutes.", options);
  }
}
