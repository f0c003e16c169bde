/*
 * The requests capability's front door: from outside server/requests/, this
 * file is the only one imported, and its tables (requests, request_answers)
 * are named nowhere else (docs/architecture.md, "Import rules"; docs/requests.md).
 */

export { createRequestsService, type RequestsService } from "./requests-service";
export type { RequestActor, RequestsDependencies } from "./requests-context";
export { REQUESTS_PER_DAY } from "./requests-context";
export type { JoinDecision, JoinRequestRow, JoinRequestSent } from "./join-requests";
export { JOIN_NEEDS_VERIFIED_EMAIL_MESSAGE } from "./join-requests";
export type { SupportRequestSent } from "./support-requests";
export type { RequestView, StaffActor } from "./staff-requests";
export type { AnswerRecord, RequestQuery, RequestRecord } from "./request-store";
export type { RequestDetails } from "./request-details";
export type { JoinOutcome, RequestKind, RequestStatus } from "./tables";
export { CONTACT_MESSAGE_LIMIT, CONTACT_MESSAGES_EXHAUSTED_MESSAGE } from "./contact";
export type { ContactMessage } from "./contact-message";
// The person's share of Download my data and Delete my account (server/privacy/).
export { eraseRequestsOf, requestsOfPerson as requestsForExport } from "./request-store";
// A hand-entered school merged into its register record (the back office).
export { moveSchoolRequests } from "./request-store";
