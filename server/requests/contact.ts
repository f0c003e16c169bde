import type { ConstituentId } from "../crm";
import { inTransaction } from "../db/transactions";
import { limitReached, refuse, type Outcome } from "../shared/refusal";
import { readContactMessage, type ContactMessage } from "./contact-message";
import type { RequestsContext } from "./requests-context";
import { insertRequest } from "./request-store";

/**
 * The My account contact form (POST /account/contact-us-form/): each message
 * is a request of kind contact (docs/requests.md), in the one inbox with the
 * join and support requests, and, in the same transaction, is queued for the
 * staff address (STAFF_EMAIL) with Reply-To set to the sender, so staff can
 * simply answer it. The outbox delivers it, retrying while the mail server
 * is down.
 */

export const CONTACT_MESSAGES_EXHAUSTED_MESSAGE =
  "You have sent several messages in the last hour. Wait an hour before sending another, or write to us by email.";

/** Messages one person may send per window: plenty for people, little for a script. */
export const CONTACT_MESSAGE_LIMIT = { messages: 5, windowMs: 60 * 60 * 1000 };

const CHECK_THE_FIELDS_MESSAGE = "Some details need correcting. Check the highlighted fields and try again.";

export async function sendContactMessage(context: RequestsContext, constituentId: ConstituentId, body: unknown): Promise<Outcome<ContactMessage>> {
  const reading = readContactMessage(body, context.contactSubjects);
  if (reading.problems) return refuse("invalid", CHECK_THE_FIELDS_MESSAGE, { errors: reading.problems });

  const { messages, windowMs } = CONTACT_MESSAGE_LIMIT;
  const limit = await context.rateLimiter.hit(`contact-messages:${constituentId}`, messages, windowMs);
  if (!limit.allowed) return limitReached(CONTACT_MESSAGES_EXHAUSTED_MESSAGE, limit.retryAfterSeconds, { errors: { __all__: [CONTACT_MESSAGES_EXHAUSTED_MESSAGE] } });

  const message = reading.message;
  await inTransaction(context.db, async (trx) => {
    // The name and address as typed: the person may want the answer somewhere else than their account's address.
    await insertRequest(
      trx,
      { kind: "contact", personId: constituentId, name: message.name, email: message.email, schoolId: null, subject: message.subject, message: message.message, details: {} },
      context.clock(),
    );
    await context.mailer.send({ to: context.staffEmail, template: "contact-message", context: message, replyTo: message.email }, { db: trx });
  });
  return { ok: true, value: message };
}
