import CircuitBreaker from "opossum";
import { ServiceUnavailableError } from "../shared/errors";
import type { CrmPort } from "./crm-port";

/*
 * The CRM port behind a circuit breaker (opossum), wrapping any other CRM
 * port: the embedded SQL adapter today, a remote Tessitura adapter later.
 * Every call has a timeout; when too many fail, the breaker opens and calls
 * fail at once, without reaching the CRM, until the reset timeout lets one
 * through to try it again (docs/faults.md, "A slow CRM").
 *
 * One breaker for the whole port, not one per method: the CRM is one system,
 * and when it is down every method is, so the first failures of any method
 * spare the others their wait.
 */

export interface CrmBreakerOptions {
  /** A call taking longer fails with CrmUnavailableError (the call itself is not undone: see docs/faults.md). */
  timeoutMs: number;
  /**
   * The same for a report (a "report" below): it reads every membership, which a remote CRM with no list call
   * answers one holder at a time (the Tessitura adapter), so it is given longer. Default: timeoutMs.
   */
  reportTimeoutMs?: number;
  /** The share of failed calls, in the last 10 seconds, that opens the breaker. */
  errorThresholdPercent: number;
  /** Calls in the last 10 seconds before the breaker may open at all. */
  minimumCalls: number;
  /** How long the breaker stays open before one call is let through to try the CRM again. */
  resetTimeoutMs: number;
}

export const CRM_UNAVAILABLE_TITLE = "Membership records are unavailable for a moment";
export const CRM_UNAVAILABLE_MESSAGE =
  "Our membership records are not answering just now, so we could not finish this. Wait a minute, then try again. If you were saving something, check whether it was saved before you send it again.";

/** The CRM timed out or the breaker is open: a 503 with Retry-After, and a message that says what to do. */
export class CrmUnavailableError extends ServiceUnavailableError {
  override name = "CrmUnavailableError";

  constructor(retryAfterSeconds: number, cause: unknown) {
    super(CRM_UNAVAILABLE_MESSAGE, retryAfterSeconds, CRM_UNAVAILABLE_TITLE, { cause });
  }
}

export interface CircuitBreakingCrm {
  crm: CrmPort;
  /** The breaker itself: its state for tests and logs, and shutdown() on close. */
  breaker: CircuitBreaker<[() => Promise<unknown>], unknown>;
  /** The reports' own breaker (the longer timeout): its state for tests and logs. */
  reportBreaker: CircuitBreaker<[() => Promise<unknown>], unknown>;
}

/**
 * Every method of the port, and how it is guarded; `satisfies` makes a new
 * method a compile error until it is listed here. A "call" goes through the
 * breaker. A "unit" (inTransaction) only asks it: an open breaker fails the
 * unit at once, but the unit and the calls inside it are not fired through
 * it, for three reasons. A timeout cannot stop a transaction: it would reject
 * a call whose statement still runs on the unit's one connection, and the
 * caller's next call would then run beside it, or after a rollback it never
 * saw. A unit waits for locks (twenty people accepting a school's admin offer
 * at once queue on the school's lock), and waiting is not the CRM failing.
 * And a unit may do the site's own work too (its audit record, a payment's
 * order), whose time is not the CRM's.
 *
 * A "report" reads across every membership or person (the back office's
 * figures and exports, the reminders' job): a breaker of its own, with the
 * longer reportTimeoutMs, so that a report's length neither fails it at the
 * ordinary timeout nor counts as the CRM failing. It still fails at once
 * while the main breaker is open.
 */
const crmMethods = {
  inTransaction: "unit",
  countries: "call",
  states: "call",
  createOrganisation: "call",
  renameOrganisation: "call",
  constituentDetail: "call",
  personContact: "call",
  personDetails: "call",
  findPerson: "call",
  findPeople: "report",
  currentMembers: "report",
  currentSchoolMemberships: "report",
  createPerson: "call",
  updatePerson: "call",
  changePrimaryEmail: "call",
  searchOrganisationsByPostcode: "call",
  createAddress: "call",
  updateAddress: "call",
  erasePerson: "call",
  attributes: "call",
  replaceAttributes: "call",
  attributeHolders: "call",
  mergeOrganisation: "call",
  memberships: "call",
  membershipSummary: "call",
  createMembership: "call",
  renewMembership: "call",
  changeMembershipSeats: "call",
  endMembership: "call",
  seatBenefits: "call",
  membershipFigures: "report",
  membershipsEndingBetween: "report",
  claimSeat: "call",
  releaseSeat: "call",
  affiliations: "call",
  affiliation: "call",
  createAffiliation: "call",
  endAffiliation: "call",
} satisfies Record<keyof CrmPort, "call" | "report" | "unit">;

/** A CrmPort whose every method goes through one circuit breaker around `inner`. */
export function createCircuitBreakingCrm(inner: CrmPort, options: CrmBreakerOptions): CircuitBreakingCrm {
  const breakerWith = (timeout: number) =>
    new CircuitBreaker((call: () => Promise<unknown>) => call(), {
      timeout,
      errorThresholdPercentage: options.errorThresholdPercent,
      volumeThreshold: options.minimumCalls,
      resetTimeout: options.resetTimeoutMs,
      // A refusal (an error carrying a status below 500, as a remote CRM's client raises for a 404) is an answer, not a sign the CRM is failing.
      errorFilter: isRefusalError,
    });
  const breaker = breakerWith(options.timeoutMs);
  const reportBreaker = breakerWith(options.reportTimeoutMs ?? options.timeoutMs);
  const retryAfterSeconds = Math.ceil(options.resetTimeoutMs / 1000);
  const openFailure = () => new CrmUnavailableError(retryAfterSeconds, new Error("the CRM's circuit breaker is open"));

  const guarded = {} as Record<string, unknown>;
  guarded.inTransaction = (work: Parameters<CrmPort["inTransaction"]>[0], unitOptions: Parameters<CrmPort["inTransaction"]>[1]) => {
    if (breaker.opened) return Promise.reject(openFailure());
    return inner.inTransaction(work, unitOptions);
  };
  for (const name of Object.keys(crmMethods) as (keyof CrmPort)[]) {
    const kind = crmMethods[name];
    if (kind === "unit") continue;
    const method = inner[name] as (...args: unknown[]) => Promise<unknown>;
    guarded[name] = async (...args: unknown[]) => {
      if (kind === "report" && breaker.opened) throw openFailure();
      try {
        return await (kind === "report" ? reportBreaker : breaker).fire(() => method.apply(inner, args));
      } catch (error) {
        throw breakerFailure(error) ? new CrmUnavailableError(retryAfterSeconds, error) : error;
      }
    };
  }
  return { crm: guarded as unknown as CrmPort, breaker, reportBreaker };
}

/** opossum's own rejections: the call timed out, the breaker is open, or too many calls are already waiting. */
function breakerFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ETIMEDOUT" || code === "EOPENBREAKER" || code === "ESEMLOCKED";
}

function isRefusalError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" && status < 500;
}
