import type { ConstituentId } from "../crm";
import { inTransaction } from "../db/transactions";
import { formatLondonDate } from "../domain/membership-status";
import { belongsToSchool, currentAdminIds, isSchoolAdmin, SchoolRegister, schoolsAdministeredBy } from "../schools";
import { isRefusal, refuse, Refused, settle, type Refusal } from "../shared/refusal";
import { requesterOf, spendRequestQuota, type RequestActor, type RequestsContext } from "./requests-context";
import { schoolDetails } from "./request-details";
import { readNote } from "./request-text";
import { addAnswer, insertRequest, moveRequest, openJoinRequest, openJoinRequestsFor, requestById, type RequestRecord } from "./request-store";
import { mailStaff } from "./staff-notice";

/*
 * Join requests (issue 28, docs/requests.md): a teacher whose address is not
 * at one of their school's email domains asks to join it. The request goes to
 * the school's admins (an email each, and the School tab's list) or, when the
 * school has none, to staff. Deciding it is for an admin of that school (or
 * staff): approving grants a seat through the schools capability's own grant,
 * declining emails the teacher politely. Every rule is checked here, whatever
 * the page offered.
 */

export const JOIN_NEEDS_VERIFIED_EMAIL_MESSAGE =
  "Please confirm your email address first, so the school knows it's you: follow the link we email you, then send your request.";
export const UNKNOWN_SCHOOL_MESSAGE = "We couldn't find that school. Search for it again.";
export const UNKNOWN_REQUEST_MESSAGE = "We couldn't find that request. It may have been withdrawn: reload the School tab.";

export interface JoinRequestSent {
  request: { id: number; schoolName: string; email: string; sentTo: "admins" | "staff" };
  /** The person had already asked, and that request is still waiting: nothing new was sent. */
  alreadySent: boolean;
}

/** A join request as the School tab lists it for the school's admins. */
export interface JoinRequestRow {
  id: number;
  schoolId: number;
  schoolName: string;
  name: string;
  email: string;
  message: string;
  /** London date it was sent. */
  sent: string;
}

export interface JoinDecision {
  requestId: number;
  name: string;
  email: string;
  schoolName: string;
  outcome: "approved" | "declined";
  /** approved: whether a seat was taken now, or they held one already. */
  seat?: "joined" | "already";
}

export async function askToJoin(context: RequestsContext, personId: ConstituentId, asked: { schoolId: number; message: string }): Promise<JoinRequestSent | Refusal> {
  const { crm, ids, db } = context;
  const message = readNote(asked.message, "message");
  if (isRefusal(message)) return message;
  const requester = await requesterOf(context, personId);
  if (isRefusal(requester)) return requester;
  const email = await context.verifiedEmail(personId);
  const facts = { userId: personId, schoolId: asked.schoolId };
  if (!email) return warn(context, refuse("forbidden", JOIN_NEEDS_VERIFIED_EMAIL_MESSAGE, { rule: "verified-email", errors: { email: [JOIN_NEEDS_VERIFIED_EMAIL_MESSAGE] } }), facts);
  const school = await crm.constituentDetail(asked.schoolId);
  if (school?.ConstituentType.Id !== ids.constituentTypes.organisation) return warn(context, refuse("not-found", UNKNOWN_SCHOOL_MESSAGE, { rule: "school-exists" }), facts);
  const now = context.clock();
  if (await belongsToSchool(crm, ids, { schoolId: school.Id, personId }, now)) {
    return warn(context, refuse("conflict", `You already belong to ${school.DisplayName}: sign in again to see it on your School tab.`, { rule: "not-yet-a-member" }), facts);
  }
  const admins = await currentAdminIds(crm, ids, school.Id, now);
  // An admin with no address on record (erased meanwhile) cannot be asked: such a school waits on staff too.
  const adminContacts = (await Promise.all(admins.map((adminId) => crm.personContact(adminId)))).filter((admin) => admin?.Email);
  const sentTo = adminContacts.length > 0 ? "admins" : "staff";
  const waiting = await openJoinRequest(db, personId, school.Id);
  if (waiting) return { request: { id: waiting.id, schoolName: school.DisplayName, email: waiting.email, sentTo }, alreadySent: true };
  const quota = await spendRequestQuota(context, personId);
  if (quota) return warn(context, quota, facts);

  const registered = await new SchoolRegister(db).byConstituentId(school.Id);
  const address = school.Addresses[0];
  const details = schoolDetails({
    name: school.DisplayName,
    urn: registered?.urn ?? null,
    constituentId: school.Id,
    kind: registered?.kind,
    addressLines: address ? [address.Street1, address.Street2, address.Street3, address.City, address.PostalCode] : [],
  });
  const request = await inTransaction(db, async (trx) => {
    const stored = await insertRequest(
      trx,
      { kind: "join", personId, name: requester.name, email, schoolId: school.Id, subject: `Asks to join ${school.DisplayName}`, message, details },
      now,
    );
    const mailContext = { name: requester.name, email, message, schoolName: school.DisplayName, schoolTabUrl: `${context.publicUrl}/account/my-account/#school` };
    for (const admin of adminContacts) {
      await context.mailer.send({ to: admin!.Email!, template: "join-request", context: { ...mailContext, firstName: admin!.FirstName }, replyTo: email }, { db: trx });
    }
    if (adminContacts.length === 0) {
      await mailStaff(context, trx, stored, `${school.DisplayName} has no admin to approve it: approve or decline it from the inbox.`);
    }
    return stored;
  });
  context.logger.info({ ...facts, requestId: request.id, sentTo }, "join request sent");
  return { request: { id: request.id, schoolName: school.DisplayName, email, sentTo }, alreadySent: false };
}

/** The join requests waiting on the schools this person is an admin of, oldest first. */
export async function joinRequestsForAdmin(context: RequestsContext, personId: ConstituentId): Promise<JoinRequestRow[]> {
  const schools = await schoolsAdministeredBy(context.crm, context.ids, personId, context.clock());
  const waiting = await openJoinRequestsFor(context.db, schools);
  return waiting.map((request) => ({
    id: request.id,
    schoolId: request.schoolId!,
    schoolName: request.details.school?.name ?? "",
    name: request.name,
    email: request.email,
    message: request.message,
    sent: formatLondonDate(request.createdAt),
  }));
}

/** The request, if this actor may decide it: an admin of its school (anyone else is told there is no such request), or staff. */
export async function decidableJoinRequest(context: RequestsContext, actor: RequestActor, requestId: number): Promise<RequestRecord | Refusal> {
  const request = await requestById(context.db, requestId);
  const unknown = refuse("not-found", UNKNOWN_REQUEST_MESSAGE, { rule: "join-request-of-own-school" });
  if (!request || request.kind !== "join" || request.schoolId === null) return warn(context, unknown, { actor: actorFacts(actor), requestId });
  if (actor.kind === "admin" && !(await isSchoolAdmin(context.crm, context.ids, { schoolId: request.schoolId, personId: actor.personId }, context.clock()))) {
    return warn(context, unknown, { ...actorFacts(actor), requestId, schoolId: request.schoolId });
  }
  if (request.status === "closed") {
    const done = request.outcome === "approved" ? "approved" : request.outcome === "declined" ? "declined" : "closed";
    return warn(context, refuse("conflict", `This request has already been ${done}.`, { rule: "request-open" }), { ...actorFacts(actor), requestId });
  }
  if (request.personId === null) {
    return warn(context, refuse("conflict", `${request.name}'s account no longer exists, so they can't be added.`, { rule: "requester-exists" }), { ...actorFacts(actor), requestId });
  }
  return request;
}

export async function approveJoinRequest(context: RequestsContext, actor: RequestActor, requestId: number, ip?: string): Promise<JoinDecision | Refusal> {
  const request = await decidableJoinRequest(context, actor, requestId);
  if (isRefusal(request)) return request;
  const decidedBy = await deciderName(context, actor);
  const firstName = request.name.split(" ")[0] ?? request.name;
  const granted = await context.seats.grantApprovedSeat({ personId: request.personId!, schoolId: request.schoolId! }, async (trx, school) => {
    const now = context.clock();
    await claim(trx, request, "approved", now);
    const body = `${decidedBy} approved your request to join ${school.name}: you now hold a seat in its membership.`;
    await addAnswer(trx, { requestId, ...authorOf(actor, decidedBy), action: "approved", body, sentTo: request.email }, now);
    const signInUrl = `${context.publicUrl}/account/login/?next=${encodeURIComponent("/account/my-account/#school")}`;
    await context.mailer.send({ to: request.email, template: "join-request-approved", context: { firstName, schoolName: school.name, approvedBy: decidedBy, signInUrl } }, { db: trx });
    await context.audit.record({ event: "join-request.approved", ...auditActor(actor), subjectId: request.personId, ip, details: auditDetails(actor, request) }, trx);
  });
  if (isRefusal(granted)) return granted;
  return { requestId, name: request.name, email: request.email, schoolName: granted.schoolName, outcome: "approved", seat: granted.kind };
}

export async function declineJoinRequest(
  context: RequestsContext,
  actor: RequestActor,
  requestId: number,
  noteTyped: string,
  ip?: string,
): Promise<JoinDecision | Refusal> {
  const note = readNote(noteTyped, "note");
  if (isRefusal(note)) return note;
  const request = await decidableJoinRequest(context, actor, requestId);
  if (isRefusal(request)) return request;
  const decidedBy = await deciderName(context, actor);
  const schoolName = request.details.school?.name ?? (await context.crm.constituentDetail(request.schoolId!))?.DisplayName ?? "the school";
  const firstName = request.name.split(" ")[0] ?? request.name;
  const decided = await settle(() =>
    inTransaction(context.db, async (trx) => {
      const now = context.clock();
      await claim(trx, request, "declined", now);
      const body = `${decidedBy} wasn't able to add you to ${schoolName} this time.${note ? `\n\n${note}` : ""}`;
      await addAnswer(trx, { requestId, ...authorOf(actor, decidedBy), action: "declined", body, sentTo: request.email }, now);
      await context.mailer.send({ to: request.email, template: "join-request-declined", context: { firstName, schoolName, decidedBy, note } }, { db: trx });
      await context.audit.record({ event: "join-request.declined", ...auditActor(actor), subjectId: request.personId, ip, details: auditDetails(actor, request) }, trx);
    }),
  );
  if (isRefusal(decided)) return warn(context, decided, { ...actorFacts(actor), requestId });
  context.logger.info({ ...actorFacts(actor), requestId, schoolId: request.schoolId }, "join request declined");
  return { requestId, name: request.name, email: request.email, schoolName, outcome: "declined" };
}

/** Closes the request with its outcome, unless it was decided meanwhile (then the whole decision rolls back). */
async function claim(trx: Parameters<typeof moveRequest>[0], request: RequestRecord, outcome: "approved" | "declined", now: Date): Promise<void> {
  if (!(await moveRequest(trx, request.id, ["open", "answered"], { status: "closed", outcome }, now))) {
    throw new Refused(refuse("conflict", "This request has just been decided by someone else.", { rule: "request-open" }));
  }
}

/** How the teacher is told who decided: the admin by name, staff as the organisation's team. */
async function deciderName(context: RequestsContext, actor: RequestActor): Promise<string> {
  if (actor.kind === "staff") return actor.name;
  const admin = await context.crm.personDetails(actor.personId);
  return admin ? `${admin.FirstName} ${admin.LastName}`.trim() : "Your school's admin";
}

export function authorOf(actor: RequestActor, name: string) {
  return actor.kind === "admin"
    ? { authorPersonId: actor.personId, authorStaffId: null, authorName: name }
    : { authorPersonId: null, authorStaffId: actor.staffId, authorName: name };
}

/** Who decided, as the audit log keeps it: a school's admin is a person; staff are a staff account (actorId stays null). */
function auditActor(actor: RequestActor) {
  return actor.kind === "admin" ? { actorId: actor.personId } : { actorId: null, staffActorId: actor.staffId };
}

function auditDetails(actor: RequestActor, request: RequestRecord) {
  return { requestId: request.id, schoolId: request.schoolId!, ...(actor.kind === "staff" && { staffId: actor.staffId }) };
}

function actorFacts(actor: RequestActor): Record<string, unknown> {
  return actor.kind === "admin" ? { userId: actor.personId } : { staffId: actor.staffId };
}

function warn(context: RequestsContext, refusal: Refusal, facts: Record<string, unknown>): Refusal {
  context.logger.warn({ ...facts, rule: refusal.rule, reason: refusal.reason }, "request refused");
  return refusal;
}
