import type { SupportEnding } from "../../contracts/rules/pathways";
import type { CheckedSupportRequest } from "../../contracts/shapes/requests";
import type { ConstituentId } from "../crm";
import { inTransaction } from "../db/transactions";
import { controlCharacterProblem } from "../domain/text-input";
import { isRefusal, refuse, type Refusal } from "../shared/refusal";
import { readNote } from "./request-text";
import { requesterOf, spendRequestQuota, type RequestsContext } from "./requests-context";
import { wizardDetails } from "./request-details";
import { insertRequest } from "./request-store";
import { mailStaff } from "./staff-notice";

/*
 * Support requests (issue 28, docs/requests.md): "Send these details to our
 * team" at a wizard ending that cannot finish online. What the person already
 * entered (school type, school, address, plan, numbers) is kept with the
 * request, so nobody asks them to type it again, and staff are emailed.
 */

export interface SupportRequestSent {
  request: { id: number; email: string };
}

/** The most a selected school's record may weigh (the wizard's is a few hundred characters). */
const MAXIMUM_SCHOOL_JSON_LENGTH = 4000;

const schoolTextFields = ["name", "addressLine1", "addressLine2", "addressLine3", "city", "postalCode", "county", "URN"] as const;

export async function sendSupportRequest(context: RequestsContext, personId: ConstituentId, sent: CheckedSupportRequest): Promise<SupportRequestSent | Refusal> {
  const message = readNote(sent.message, "message");
  if (isRefusal(message)) return message;
  const schoolProblem = schoolRecordProblem(sent.school);
  if (schoolProblem) return refuse("invalid", schoolProblem, { errors: { school: [schoolProblem] } });
  const requester = await requesterOf(context, personId);
  if (isRefusal(requester)) return requester;
  const quota = await spendRequestQuota(context, personId);
  if (quota) {
    context.logger.warn({ userId: personId, rule: quota.rule }, "request refused");
    return quota;
  }
  // The school is named by id only when it is one the CRM knows: the id is the browser's.
  const schoolId = sent.school?.constituentId ?? null;
  const known = schoolId !== null && (await context.crm.constituentDetail(schoolId))?.ConstituentType.Id === context.ids.constituentTypes.organisation;
  const details = wizardDetails(sent);
  const schoolName = details.school?.name ?? "";
  const now = context.clock();
  const request = await inTransaction(context.db, async (trx) => {
    const stored = await insertRequest(
      trx,
      {
        kind: "support",
        personId,
        name: requester.name,
        email: requester.email,
        schoolId: known ? schoolId : null,
        subject: subjectOf(sent.ending, { schoolName, pathway: details.schoolType, users: sent.plan?.users }),
        message,
        details,
      },
      now,
    );
    await mailStaff(context, trx, stored, reasons[sent.ending]);
    return stored;
  });
  context.logger.info({ userId: personId, requestId: request.id, ending: sent.ending }, "support request sent");
  return { request: { id: request.id, email: requester.email } };
}

/** Why the request is staff's, for their email. */
const reasons: Record<SupportEnding, string> = {
  contactSupport: "This membership can't be set up online, so the registration wizard sent them to us.",
  contactYourAdmin: "Their school already has an admin, and they'd like our help to join it.",
  seatsFull: "Their school's seats are all in use, and it has no admin to free or add seats.",
  moreUsers: "They need more users than the largest school plan sold online.",
};

function subjectOf(ending: SupportEnding, facts: { schoolName: string; pathway?: string; users?: number }): string {
  const at = facts.schoolName ? ` at ${facts.schoolName}` : "";
  switch (ending) {
    case "contactSupport":
      return `Help to set up a membership${facts.pathway ? ` (${facts.pathway})` : ""}${at}`;
    case "contactYourAdmin":
      return `Help to join ${facts.schoolName || "a school"}`;
    case "seatsFull":
      return `${facts.schoolName || "A school"}'s seats are all in use`;
    case "moreUsers":
      return `A membership for ${facts.users ?? "more"} users${at}`;
  }
}

function schoolRecordProblem(school: CheckedSupportRequest["school"]): string | undefined {
  if (!school) return undefined;
  if (JSON.stringify(school).length > MAXIMUM_SCHOOL_JSON_LENGTH) return "The school's record is too long.";
  for (const field of schoolTextFields) {
    const value = school[field];
    const problem = typeof value === "string" ? controlCharacterProblem(value, "the school's details") : undefined;
    if (problem) return problem;
  }
  return undefined;
}
