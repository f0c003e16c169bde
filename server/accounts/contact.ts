import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import { readContactMessage, type ContactMessage } from "./contact-message";
import type { RateLimiter } from "../rate-limit/rate-limit";
import type { Mailer } from "../mail/mailer";
import { refused, tooManyAttempts, type AccountUpdateOutcome } from "./account-update-outcome";

/**
 * The My account contact form (POST /account/contact-us-form/): each message
 * is kept in contact_messages and, in the same transaction, queued for the
 * staff address (STAFF_EMAIL) with Reply-To set to the sender, so staff can
 * simply answer it. The outbox delivers it, retrying while the mail server
 * is down.
 */

export const CONTACT_MESSAGES_EXHAUSTED_MESSAGE =
  "You have sent several messages in the last hour. Wait an hour before sending another, or write to us by email.";

/** Messages one person may send per window: plenty for people, little for a script. */
export const CONTACT_MESSAGE_LIMIT = { messages: 5, windowMs: 60 * 60 * 1000 };

export interface ContactDependencies {
  db: Kysely<Database>;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  staffEmail: string;
  /** The configured subject options (CONTACT_SUBJECTS). */
  subjects: readonly string[];
  now?: () => Date;
}

export async function sendContactMessage(
  dependencies: ContactDependencies,
  constituentId: number,
  body: unknown,
): Promise<AccountUpdateOutcome<ContactMessage>> {
  const reading = readContactMessage(body, dependencies.subjects);
  if (reading.problems) return refused(reading.problems);

  const { messages, windowMs } = CONTACT_MESSAGE_LIMIT;
  const limit = await dependencies.rateLimiter.hit(`contact-messages:${constituentId}`, messages, windowMs);
  if (!limit.allowed) return tooManyAttempts({ __all__: [CONTACT_MESSAGES_EXHAUSTED_MESSAGE] }, limit.retryAfterSeconds);

  const message = reading.message;
  const now = dependencies.now?.() ?? new Date();
  await inTransaction(dependencies.db, async (trx) => {
    await trx
      .insertInto("contact_messages")
      .values({ constituent_id: constituentId, ...message, created_at: now.toISOString() })
      .execute();
    await dependencies.mailer.send(
      { to: dependencies.staffEmail, template: "contact-message", context: message, replyTo: message.email },
      { db: trx },
    );
  });
  return { ok: true, value: message };
}
