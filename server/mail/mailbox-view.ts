import type { OutboxMessage } from "./outbox";
import { linkedParagraphs, type TextParagraph } from "./text-links";

/** What the dev mailbox pages show of one outbox row. Pure: no I/O. */
export interface MailboxEntry {
  id: number;
  template: string;
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  createdAt: string;
  /** e.g. "21 Nov 2026, 19:30:05" in UK time. */
  createdAtLabel: string;
  status: "sent" | "failed" | "pending";
  statusLabel: string;
  /** Delivery attempts so far. */
  attempts: number;
  /** The latest attempt's failure, shown while the message is pending or failed. */
  error: string | null;
  /** Null once an SMTP server accepted the message (the bodies are cleared then). */
  textParagraphs: TextParagraph[] | null;
  hasHtml: boolean;
}

const ukTimeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

const statusLabels = { sent: "Sent", failed: "Given up", pending: "Not sent yet" } as const;

export function mailboxEntry(message: OutboxMessage): MailboxEntry {
  const status = message.sent_at ? "sent" : message.failed_at ? "failed" : "pending";
  return {
    id: message.id,
    template: message.template,
    from: message.from_address,
    to: message.to_address,
    replyTo: message.reply_to,
    subject: message.subject,
    createdAt: message.created_at,
    createdAtLabel: ukTimeFormat.format(new Date(message.created_at)),
    status,
    statusLabel: statusLabels[status],
    attempts: message.attempts,
    error: status === "sent" ? null : message.last_error,
    textParagraphs: message.text_body === null ? null : linkedParagraphs(message.text_body),
    hasHtml: message.html_body !== null,
  };
}
