import type { FieldErrors } from "./errors";

/*
 * A refusal: the answer a service gives when it will not do what was asked,
 * as a value, with a sentence for the person saying what to do. Services
 * return `T | Refusal` (or `Outcome<T>`); they never know HTTP. The edge
 * (server/http/refusals.ts, the one place) turns the reason into a status
 * and the `{ success: false, errors }` body. docs/architecture.md, "Errors
 * and refusals".
 */

/** Why a request was refused; server/http/refusals.ts maps each to its status. */
export type RefusalReason =
  /** The request's details are wrong (field errors say which): 400. */
  | "invalid"
  /** The account is gone (deleted mid-request): 401. */
  | "signed-out"
  /** Not this person's to do: 403. */
  | "forbidden"
  /** No such record, or one this person may not know exists: 404. */
  | "not-found"
  /** The record's state does not allow it now (no seat, already done): 409. */
  | "conflict"
  /** A limit is used up; `retryAfterSeconds` says when to try again: 429. */
  | "too-many-attempts"
  /** An outside provider failed the call (the payment provider): 502. */
  | "provider-failed"
  /** Something it depends on could not take the work now (mail not queued): 503. */
  | "unavailable";

interface RefusalFields {
  readonly ok: false;
  /** Written for the person using the site: what happened and what to do next. */
  readonly message: string;
  /** Per-field messages; without them the message stands for the whole request. */
  readonly errors?: FieldErrors;
  /** The rule's name, for the warn log. */
  readonly rule?: string;
}

export type Refusal =
  | (RefusalFields & { readonly reason: Exclude<RefusalReason, "too-many-attempts"> })
  /** `retryAfterSeconds`: when the limit lets the person try again. */
  | (RefusalFields & { readonly reason: "too-many-attempts"; readonly retryAfterSeconds: number });

/** A service's answer when it has no value type of its own to add the refusal to. */
export type Outcome<Value> = { ok: true; value: Value } | Refusal;

type RefusalDetails = Pick<RefusalFields, "errors" | "rule">;

export function refuse(reason: Exclude<RefusalReason, "too-many-attempts">, message: string, details: RefusalDetails = {}): Refusal {
  return { ok: false, reason, message, ...details };
}

/** A limit is used up: the message says when to try again, `retryAfterSeconds` too. */
export function limitReached(message: string, retryAfterSeconds: number, details: RefusalDetails = {}): Refusal {
  return { ok: false, reason: "too-many-attempts", message, retryAfterSeconds, ...details };
}

/** Whether a service's answer is a refusal. Values that are refusals are never answers too: no value type has `ok: false` and a reason. */
export function isRefusal(answer: unknown): answer is Refusal {
  return typeof answer === "object" && answer !== null && (answer as Partial<Refusal>).ok === false && typeof (answer as Partial<Refusal>).reason === "string";
}

/**
 * A refusal carried out of a deep call or a transaction by `throw` (so the
 * transaction rolls back and the caller's steps stop), and turned back into
 * the returned value by `settle` at the service's boundary. It never leaves
 * a service.
 */
export class Refused extends Error {
  override name = "Refused";

  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/** Runs one service call: a `Refused` thrown inside comes back as its refusal; anything else thrown is a fault and passes on. */
export async function settle<Value>(work: () => Promise<Value>): Promise<Value | Refusal> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}
