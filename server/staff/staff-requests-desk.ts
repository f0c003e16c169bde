import type { JoinDecision, RequestKind, RequestQuery, RequestRecord, RequestStatus, RequestView } from "../requests";
import { refuse, type Refusal } from "../shared/refusal";
import type { InboxRequests } from "./staff-dependencies";
import type { SignedInStaff } from "./staff-sign-in";
import { roleRefusal } from "./role-refusal";
import type { StaffAction } from "./staff-roles";

/*
 * The back office's requests inbox (docs/back-office.md, "Requests"): the
 * requests capability keeps the requests and checks each one's own state;
 * this checks the staff member's role first, on every call, whatever the
 * page offered. Support and above read, answer and close; deciding a join
 * request gives or refuses a seat, so it takes the membership role.
 */

/** How staff sign what the person receives: staff accounts carry no name, and the person writes back to the team. */
export const STAFF_AUTHOR_NAME = "The learning team";

export const INBOX_PER_PAGE = 25;

export const REQUEST_STATUSES: readonly RequestStatus[] = ["open", "answered", "closed"];
export const REQUEST_KINDS: readonly RequestKind[] = ["join", "support", "contact"];

/** The inbox's filters as a staff member chose them (any left out means all). */
export interface InboxFilters {
  status?: RequestStatus;
  kind?: RequestKind;
  text?: string;
  page: number;
}

export interface InboxPage {
  rows: RequestRecord[];
  total: number;
  page: number;
  perPage: number;
  counts: Record<RequestStatus, number>;
}

export function staffRequestsDesk(requests: InboxRequests) {
  const actorOf = (staff: SignedInStaff) => ({ kind: "staff" as const, staffId: staff.id, name: STAFF_AUTHOR_NAME });

  return {
    async inbox(staff: SignedInStaff, filters: InboxFilters): Promise<InboxPage | Refusal> {
      const refused = roleRefusal(staff, "answer-requests", ROLE_REFUSALS["answer-requests"]);
      if (refused) return refused;
      const query: RequestQuery = { ...filters, perPage: INBOX_PER_PAGE };
      const [page, counts] = await Promise.all([requests.inbox(query), requests.counts()]);
      return { ...page, counts };
    },

    async request(staff: SignedInStaff, requestId: number): Promise<RequestView | Refusal> {
      const refused = roleRefusal(staff, "answer-requests", ROLE_REFUSALS["answer-requests"]);
      if (refused) return refused;
      return (await requests.request(requestId)) ?? refuse("not-found", "We couldn't find that request. It may have been deleted with its sender's account.");
    },

    answer(staff: SignedInStaff, requestId: number, body: string, ip: string): Promise<RequestView | Refusal> {
      return roleRefusalAsync(staff, "answer-requests") ?? requests.answer(actorOf(staff), requestId, body, ip);
    },

    close(staff: SignedInStaff, requestId: number, ip: string): Promise<RequestView | Refusal> {
      return roleRefusalAsync(staff, "answer-requests") ?? requests.close(actorOf(staff), requestId, ip);
    },

    approveJoin(staff: SignedInStaff, requestId: number, ip: string): Promise<JoinDecision | Refusal> {
      return roleRefusalAsync(staff, "manage-seats") ?? requests.approveJoinRequest(actorOf(staff), requestId, ip);
    },

    declineJoin(staff: SignedInStaff, requestId: number, note: string, ip: string): Promise<JoinDecision | Refusal> {
      return roleRefusalAsync(staff, "manage-seats") ?? requests.declineJoinRequest(actorOf(staff), requestId, note, ip);
    },
  };
}

export type StaffRequestsDesk = ReturnType<typeof staffRequestsDesk>;

const ROLE_REFUSALS: Partial<Record<StaffAction, string>> = {
  "answer-requests": "Your role does not include the requests inbox.",
  "manage-seats": "Deciding a request to join a school gives or refuses a seat, which needs the Membership role or above.",
};

/** The role's refusal, as a call's answer. */
function roleRefusalAsync(staff: SignedInStaff, action: StaffAction): Promise<Refusal> | undefined {
  const refused = roleRefusal(staff, action, ROLE_REFUSALS[action]);
  return refused && Promise.resolve(refused);
}
