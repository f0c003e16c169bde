import type { Generated } from "kysely";

/** Rows of `mail_outbox` (migrations 0004, 0020): every message the site has sent, is sending or gave up on. */
export interface MailOutboxTable {
  id: Generated<number>;
  /** The template pair's name under templates/mail/, e.g. "password-reset". */
  template: string;
  from_address: string;
  to_address: string;
  /** Set when replies should go somewhere other than the sender. */
  reply_to: string | null;
  subject: string;
  /** Kept until delivered; cleared once an SMTP server accepts the message, since they may hold single-use links. */
  text_body: string | null;
  html_body: string | null;
  /** ISO 8601 UTC. */
  created_at: string;
  /** When the message was delivered (accepted by the SMTP server, or by the embedded transport); null while pending or failed. */
  sent_at: string | null;
  /** The latest attempt's failure, for staff; kept after a later success. */
  last_error: string | null;
  /** Delivery attempts so far, counted when a worker claims the row. */
  attempts: Generated<number>;
  /** When a worker may next try (ISO 8601 UTC); null once sent or given up. */
  next_attempt_at: string | null;
  /** A worker's lease while it sends; past it, the row is due again. */
  claimed_until: string | null;
  /** When delivery was given up after the last allowed attempt. */
  failed_at: string | null;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
