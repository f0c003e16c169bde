import { http, HttpError } from "../lib/http";
import type { JoinRequestAnswer, SupportRequest, SupportRequestAnswer } from "../../contracts/shapes/requests";

/*
 * The wizard's requests to people (docs/requests.md): asking a school's
 * admins to be let in (POST /account/requests/join/), and sending an ending's
 * details to the organisation's team (POST /account/requests/support/). Each
 * answer is read into what the screen says next.
 */

export type RequestOutcome<Answer> =
  | { kind: "sent"; answer: Answer }
  /** The address must be proven first (join requests): the screen sends the link. */
  | { kind: "needs-verification" }
  /** A field the person can correct (the message). */
  | { kind: "field-error"; message: string }
  | { kind: "failed"; message: string };

export interface RequestCalls {
  askToJoin(request: { schoolId: number; message: string }): Promise<RequestOutcome<JoinRequestAnswer>>;
  sendSupportRequest(request: SupportRequest): Promise<RequestOutcome<SupportRequestAnswer>>;
}

/** The server's calls, each failure read into an outcome; `fallback` is said when the server gave no sentence of its own. */
export function requestCalls(fallback: string): RequestCalls {
  const outcomeOf = async <Answer>(call: () => Promise<Answer>): Promise<RequestOutcome<Answer>> => {
    try {
      return { kind: "sent", answer: await call() };
    } catch (error) {
      if (!(error instanceof HttpError)) return { kind: "failed", message: fallback };
      const errors = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
      const first = (field: string) => (Array.isArray(errors[field]) && typeof errors[field][0] === "string" ? errors[field][0] : undefined);
      if (error.status === 403 && first("email")) return { kind: "needs-verification" };
      const message = first("message");
      if (message) return { kind: "field-error", message };
      // 409 (already a member), 429 (how long to wait), 401 (signed out) carry the server's own advice.
      return { kind: "failed", message: first("__all__") ?? fallback };
    }
  };
  return {
    askToJoin: (request) => outcomeOf(() => http.post<JoinRequestAnswer>("/account/requests/join/", request)),
    sendSupportRequest: (request) => outcomeOf(() => http.post<SupportRequestAnswer>("/account/requests/support/", request)),
  };
}
