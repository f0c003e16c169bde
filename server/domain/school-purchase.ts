/*
 * Who may buy or renew a school's membership, and what (issue 22; docs/payments.md,
 * "Who may buy for a school"). Pure: the basket and fulfilment gather the facts
 * and both ask this, so the rule is written once.
 */

/** The payer's verified email against the school's email domains (accounts spec, section 4). */
export type EmailStanding = "matches" | "unverified" | "other-domain";

export interface SchoolPurchaseFacts {
  /** The payer holds an admin affiliation at the school that has not ended. */
  payerIsAdmin: boolean;
  /** Anyone holds one. */
  schoolHasAdmin: boolean;
  payerEmail: EmailStanding;
  /** The school's membership valid now: the most users it allows (Infinity: unlimited) and the user seats taken. */
  current: { ceiling: number; seatsInUse: number } | null;
  /** What the order buys: its level's seat ceiling and the number of users asked for. */
  requested: { ceiling: number; numberOfUsers: number };
}

export type SchoolPurchaseRefusal =
  /** Someone else is the school's admin: only they can buy or renew. */
  | { reason: "ask-admin" }
  /** A membership but no admin: only staff can sort out who may pay. */
  | { reason: "ask-staff" }
  | { reason: "unverified" }
  | { reason: "other-domain" }
  /** The membership already has unlimited seats: no plan can renew or upgrade it. */
  | { reason: "unlimited" }
  /** Fewer users, or a lower level, than the school has: at least `atLeast` users. */
  | { reason: "too-small"; atLeast: number; ceiling: number; seatsInUse: number };

export type SchoolPurchaseDecision = { kind: "allowed" } | ({ kind: "refused" } & SchoolPurchaseRefusal);

export function decideSchoolPurchase(facts: SchoolPurchaseFacts): SchoolPurchaseDecision {
  if (!facts.payerIsAdmin) {
    if (facts.schoolHasAdmin) return { kind: "refused", reason: "ask-admin" };
    // Without an admin, a paid-for membership has nobody entitled to renew it: staff decide.
    if (facts.current) return { kind: "refused", reason: "ask-staff" };
    if (facts.payerEmail !== "matches") return { kind: "refused", reason: facts.payerEmail };
  }
  const { current, requested } = facts;
  if (!current) return { kind: "allowed" };
  if (!Number.isFinite(current.ceiling)) return { kind: "refused", reason: "unlimited" };
  // Same level or higher, and never fewer users than already hold a seat: a purchase only renews or upgrades.
  const atLeast = Math.max(current.ceiling, current.seatsInUse);
  if (requested.ceiling < current.ceiling || requested.numberOfUsers < current.seatsInUse) {
    return { kind: "refused", reason: "too-small", atLeast, ceiling: current.ceiling, seatsInUse: current.seatsInUse };
  }
  return { kind: "allowed" };
}
