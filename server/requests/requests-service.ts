import type { CheckedSupportRequest } from "../../contracts/shapes/requests";
import type { ConstituentId } from "../crm";
import { isRefusal, type Outcome, type Refusal } from "../shared/refusal";
import { sendContactMessage } from "./contact";
import type { ContactMessage } from "./contact-message";
import { approveJoinRequest, askToJoin, decidableJoinRequest, declineJoinRequest, joinRequestsForAdmin, type JoinDecision, type JoinRequestRow, type JoinRequestSent } from "./join-requests";
import type { RequestActor, RequestsDependencies } from "./requests-context";
import { countByStatus, type RequestQuery, type RequestRecord } from "./request-store";
import { answerRequest, closeRequest, inboxPage, requestView, type RequestView, type StaffActor } from "./staff-requests";
import { sendSupportRequest, type SupportRequestSent } from "./support-requests";
import type { RequestStatus } from "./tables";

/**
 * Everything a person asks of the organisation, in one inbox (issue 28,
 * docs/requests.md): join requests (decided by the school's admins, or staff
 * when it has none), support requests from the wizard's endings, and
 * contact-form messages. Each method returns its value or a Refusal.
 */
export interface RequestsService {
  // A member asks.
  askToJoin(personId: ConstituentId, request: { schoolId: number; message: string }): Promise<JoinRequestSent | Refusal>;
  sendSupportRequest(personId: ConstituentId, request: CheckedSupportRequest): Promise<SupportRequestSent | Refusal>;
  /** POST /account/contact-us-form/'s body, read here (name, email, subject among CONTACT_SUBJECTS, message). */
  sendContactMessage(personId: ConstituentId, body: unknown): Promise<Outcome<ContactMessage>>;

  // A school's admin (the School tab), or staff, decides a join request.
  joinRequestsForAdmin(personId: ConstituentId): Promise<JoinRequestRow[]>;
  /** What the confirmation page shows before deciding; checks that the actor may decide it, changes nothing. */
  joinRequest(actor: RequestActor, requestId: number): Promise<RequestView | Refusal>;
  approveJoinRequest(actor: RequestActor, requestId: number, ip?: string): Promise<JoinDecision | Refusal>;
  declineJoinRequest(actor: RequestActor, requestId: number, note: string, ip?: string): Promise<JoinDecision | Refusal>;

  // The back office's inbox (staff's role is checked before these are called).
  inbox(query: RequestQuery): Promise<{ rows: RequestRecord[]; total: number; page: number; perPage: number }>;
  request(requestId: number): Promise<RequestView | undefined>;
  answer(staff: StaffActor, requestId: number, body: string, ip?: string): Promise<RequestView | Refusal>;
  close(staff: StaffActor, requestId: number, ip?: string): Promise<RequestView | Refusal>;
  /** How many requests are open, answered and closed (the dashboard's "requests waiting" is open). */
  counts(): Promise<Record<RequestStatus, number>>;
}

export function createRequestsService(deps: RequestsDependencies): RequestsService {
  const context = { ...deps, clock: deps.clock ?? (() => new Date()) };
  return {
    askToJoin: (personId, request) => askToJoin(context, personId, request),
    sendSupportRequest: (personId, request) => sendSupportRequest(context, personId, request),
    sendContactMessage: (personId, body) => sendContactMessage(context, personId, body),
    joinRequestsForAdmin: (personId) => joinRequestsForAdmin(context, personId),
    async joinRequest(actor, requestId) {
      const decidable = await decidableJoinRequest(context, actor, requestId);
      return isRefusal(decidable) ? decidable : (await requestView(context, requestId))!;
    },
    approveJoinRequest: (actor, requestId, ip) => approveJoinRequest(context, actor, requestId, ip),
    declineJoinRequest: (actor, requestId, note, ip) => declineJoinRequest(context, actor, requestId, note, ip),
    inbox: (query) => inboxPage(context, query),
    request: (requestId) => requestView(context, requestId),
    answer: (staff, requestId, body, ip) => answerRequest(context, staff, requestId, body, ip),
    close: (staff, requestId, ip) => closeRequest(context, staff, requestId, ip),
    counts: () => countByStatus(context.db),
  };
}
