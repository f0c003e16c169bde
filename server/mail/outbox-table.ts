import type { Generated } from "kysely";

/** Rows of `mail_outbox` (migration 0004): every message the site has sent or tried to send. */
export interface MailOutboxTable {
  id: Generated<number>;
  /** The template pair's name under templates/mail/, e.g. "password-reset". */
  template: string;
  from_address: string;
  to_address: string;
  /** Set when replies should go somewhere other than the sender. */
  reply_to: string | null;
  subject: string;
  /** Null when the body was not kept: the SMTP mailer keeps no bodies, since they may hold single-use links. */
  text_body: string | null;
  html_body: string | null;
  /** ISO 8601 UTC. */
  created_at: string;
  /** When the message was handed over (written to the outbox, or accepted by the SMTP server); null while pending or failed. */
  sent_at: string | null;
  /** Why delivery failed, for staff; null otherwise. */
  error: string | null;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
