import type { CrmIds, CrmPort, MembershipPayment } from "../crm";
import { membershipIsValid } from "../domain/membership";
import { renewedExpiry, type BillingPeriod } from "../domain/plans";
import { currentMembership } from "../schools";

/*
 * How a membership is made or extended by one period: a paid order's
 * fulfilment and the back office's complimentary membership both run it, so
 * a gift renews exactly as a payment does (no days lost when early, from now
 * when lapsed).
 */

export interface MembershipTerm {
  constituentId: number;
  levelId: number;
  /** A school's user seats ("unlimited": a state school's free level); undefined for a person's own membership. */
  userSeats?: number | "unlimited";
  period: BillingPeriod;
  /** What was paid for it (pounds) and the provider's reference, or what is owed on an invoice (`invoiced`): a new or renewed membership records it in the CRM (Tessitura's contribution); none for a gift. */
  payment?: MembershipPayment;
}

/** Renews the constituent's valid membership by one period, or creates one from now; answers its id (after renewal: a new one in Tessitura, docs/crm.md). */
export async function createOrRenewMembership(crm: CrmPort, ids: CrmIds, term: MembershipTerm, now: Date): Promise<number> {
  return (await extendMembership(crm, ids, term, now)).membershipId;
}

/** The same, answering also the expiry before (null: a new membership) and after, for the audit log. */
export async function extendMembership(
  crm: CrmPort,
  ids: CrmIds,
  term: MembershipTerm,
  now: Date,
): Promise<{ membershipId: number; previousExpiry: string | null; expires: Date }> {
  const { constituentId, levelId, userSeats, period } = term;
  const seats =
    userSeats === undefined
      ? []
      : [
          { benefitId: ids.seatBenefits.userSeat, available: userSeats },
          { benefitId: ids.seatBenefits.adminSeat, available: "unlimited" as const },
        ];
  const current =
    userSeats === undefined
      ? (await crm.memberships(constituentId)).find((membership) => membershipIsValid(membership.ExpirationDateTime, now))
      : await currentMembership(crm, constituentId, now);
  const { starts, expires } = renewedExpiry(now, current ? new Date(current.ExpirationDateTime) : undefined, period);
  if (current) {
    // The membership after renewal: the same one in the embedded CRM, perhaps a new record in Tessitura (docs/crm.md).
    const renewed = await crm.renewMembership(current.Id, { levelId, expiration: expires, seats, ...(term.payment ? { payment: term.payment } : {}) });
    return { membershipId: renewed.Id, previousExpiry: current.ExpirationDateTime, expires };
  }
  const { Id } = await crm.createMembership({ constituentId, levelId, initiation: starts, expiration: expires, seats, ...(term.payment ? { payment: term.payment } : {}) });
  return { membershipId: Id, previousExpiry: null, expires };
}

/**
 * Ends a membership now (a full refund, docs/payments.md): every seat held
 * in it is given back first (each through CrmPort.endAffiliation, which frees
 * it), admins' included, then it expires now. Answers whether there was a
 * current membership to end.
 */
export async function endMembershipNow(crm: CrmPort, membershipId: number, now: Date): Promise<boolean> {
  const membership = await crm.membershipSummary(membershipId);
  if (!membership || !membershipIsValid(membership.ExpirationDateTime, now)) return false;
  const held = await crm.affiliations({ groupConstituentId: membership.Constituent.Id, currentAt: now });
  for (const affiliation of held) if (affiliation.Salary !== null) await crm.endAffiliation(affiliation.Id, now);
  await crm.endMembership(membershipId, now);
  return true;
}
