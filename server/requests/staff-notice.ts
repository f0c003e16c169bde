import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { RequestsContext } from "./requests-context";
import { detailLines } from "./request-details";
import type { RequestRecord } from "./request-store";

const kindLabels = { join: "Join request", support: "Support request", contact: "Website message" } as const;

/**
 * Tells staff (STAFF_EMAIL) that a request waits for them, in the
 * transaction that stored it: who sent it, why it is theirs, the details
 * already entered and the message. Reply-To is the person, so a reply from
 * the mailbox reaches them; answering from the inbox keeps it with the request.
 */
export async function mailStaff(context: RequestsContext, trx: Kysely<Database>, request: RequestRecord, reason: string): Promise<void> {
  await context.mailer.send(
    {
      to: context.staffEmail,
      template: "request-for-staff",
      context: {
        kindLabel: kindLabels[request.kind],
        subject: request.subject,
        requestId: request.id,
        reason,
        name: request.name,
        email: request.email,
        details: detailLines(request.details),
        message: request.message,
      },
      replyTo: request.email,
    },
    { db: trx },
  );
}
