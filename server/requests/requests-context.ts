import type { Kysely } from "kysely";
import type { AuditLog } from "../audit";
import type { ConstituentId, CrmIds, CrmPort } from "../crm";
import type { Database } from "../db/schema";
import type { Logger } from "../logging";
import type { Mailer } from "../mail/mailer";
import type { RateLimiter } from "../rate-limit/rate-limit";
import type { SeatGrantsService } from "../schools";
import { limitReached, refuse, type Refusal } from "../shared/refusal";

/** What the requests capability is built from (server/feature-services.ts): ports and other capabilities' front doors, never their tables. */
export interface RequestsDependencies {
  db: Kysely<Database>;
  crm: CrmPort;
  ids: CrmIds;
  mailer: Mailer;
  audit: AuditLog;
  rateLimiter: RateLimiter;
  logger: Logger;
  /** The schools capability's seat grant for an approved request (server/schools/seats/approved-seat.ts). */
  seats: Pick<SeatGrantsService, "grantApprovedSeat">;
  /** The person's verified address (accounts' email verification), or undefined. */
  verifiedEmail(personId: ConstituentId): Promise<string | undefined>;
  /** Where requests that wait on staff are mailed (STAFF_EMAIL). */
  staffEmail: string;
  /** Absolute links in the emails start here (PUBLIC_URL). */
  publicUrl: string;
  /** The contact form's subject options (CONTACT_SUBJECTS). */
  contactSubjects: readonly string[];
  clock?: () => Date;
}

export type RequestsContext = Required<Pick<RequestsDependencies, "clock">> & RequestsDependencies;

/**
 * Who decides or answers a request: a school's admin (a member, by their
 * constituent id), or a back-office staff account. The back office checks a
 * staff member's role before it calls (docs/requests.md, "For the back
 * office"); an admin is checked here, on every call.
 */
export type RequestActor = { kind: "admin"; personId: ConstituentId } | { kind: "staff"; staffId: number; name: string };

/** Join and support requests one person may send in a day: plenty for a person, little for a script. */
export const REQUESTS_PER_DAY = 10;

export const REQUESTS_EXHAUSTED_MESSAGE = "You have sent several requests today. Try again tomorrow, or write to us by email.";

/** One count for join and support requests (the contact form keeps its own). */
export async function spendRequestQuota(context: RequestsContext, personId: ConstituentId): Promise<Refusal | undefined> {
  const limit = await context.rateLimiter.hit(`requests:${personId}`, REQUESTS_PER_DAY, 24 * 60 * 60 * 1000);
  if (limit.allowed) return undefined;
  return limitReached(REQUESTS_EXHAUSTED_MESSAGE, limit.retryAfterSeconds, { rule: "requests-per-day" });
}

/** The person's name and address to answer, or a refusal when the account is gone. */
export async function requesterOf(context: RequestsContext, personId: ConstituentId): Promise<{ firstName: string; name: string; email: string } | Refusal> {
  const person = await context.crm.personDetails(personId);
  if (!person?.Email) return refuse("signed-out", "Your session has ended. Sign in again, then try again.", { rule: "account-exists" });
  return { firstName: person.FirstName, name: `${person.FirstName} ${person.LastName}`.trim(), email: person.Email };
}
