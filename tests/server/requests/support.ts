import type { Kysely } from "kysely";
import { createEmailVerificationService } from "../../../server/accounts/email-verification";
import { createAuditLog } from "../../../server/audit/audit-log";
import type { CrmPort } from "../../../server/crm/crm-port";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import type { Database } from "../../../server/db/schema";
import { OutboxMailer } from "../../../server/mail/outbox-mailer";
import { InProcessRateLimiter } from "../../../server/rate-limit/rate-limit";
import { createRequestsService, type RequestsService } from "../../../server/requests";
import { createSeatGrantsService } from "../../../server/schools/seats/seat-grants";
import { repositoryMailRenderer, testSender } from "../mail/support";
import { capturedLogger, ids } from "../memberships/support";

export const staffEmail = "learning@greyfriars.example";
export const contactSubjects = ["General enquiry", "Membership"];

/** The requests service over a test database, built as server/feature-services.ts builds it: the real CRM, seat grants and outbox. */
export function requestsOver(db: Kysely<Database>): { requests: RequestsService; crm: CrmPort; log: ReturnType<typeof capturedLogger> } {
  const crm = createSqlCrm(db, ids);
  const log = capturedLogger();
  const audit = createAuditLog(db);
  const mailer = new OutboxMailer({ db, renderer: repositoryMailRenderer(), from: testSender });
  const rateLimiter = new InProcessRateLimiter();
  const verification = createEmailVerificationService({ db, crm, mailer, rateLimiter, logger: log.logger, publicUrl: "http://127.0.0.1:3000" });
  const seats = createSeatGrantsService({ db, crm, ids, logger: log.logger, verification, audit });
  const requests = createRequestsService({
    db,
    crm,
    ids,
    mailer,
    audit,
    rateLimiter,
    logger: log.logger,
    seats,
    verifiedEmail: (personId) => verification.verifiedEmail(personId),
    staffEmail,
    publicUrl: "http://127.0.0.1:3000",
    contactSubjects,
  });
  return { requests, crm, log };
}

/** The stored request and its answers, straight from the tables. */
export async function storedRequest(db: Kysely<Database>, id: number) {
  const request = await db.selectFrom("requests").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const answers = await db.selectFrom("request_answers").selectAll().where("request_id", "=", id).orderBy("id").execute();
  return { ...request, answers };
}

/** Every message written to the outbox for an address, oldest first. */
export function mailTo(db: Kysely<Database>, to: string) {
  return db.selectFrom("mail_outbox").select(["template", "subject", "reply_to", "text_body"]).where("to_address", "=", to).orderBy("id").execute();
}
