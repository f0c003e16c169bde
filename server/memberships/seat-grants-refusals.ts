/*
 * The refusals of the seat calls (docs/crm.md, "Seats, admins and verified
 * email"): each carries the status the route answers, the rule's name for
 * the warn log, and a sentence for the person saying what to do.
 */

export interface Refusal {
  kind: "refused";
  status: 400 | 403 | 404 | 409;
  rule: string;
  message: string;
}

export const NO_SEATS_MESSAGE = "No seats available for the membership, needs to be renewed";
export const MEMBERSHIP_EXPIRED_MESSAGE = "Membership has expired, needs to be renewed";
const UNKNOWN_MEMBERSHIP_MESSAGE = "We couldn't find that membership. Reload the page and try again.";

export const refusals = {
  notSelf: { kind: "refused", status: 403, rule: "self-only", message: "You can only take a seat for yourself." },
  unknownMembership: { kind: "refused", status: 404, rule: "membership-exists", message: UNKNOWN_MEMBERSHIP_MESSAGE },
  // A person's membership is answered as a missing one, so membership ids cannot be probed (issue 22, item 9).
  notASchool: { kind: "refused", status: 404, rule: "school-membership", message: UNKNOWN_MEMBERSHIP_MESSAGE },
  notCurrent: { kind: "refused", status: 409, rule: "current-membership", message: MEMBERSHIP_EXPIRED_MESSAGE },
  unknownBenefit: { kind: "refused", status: 400, rule: "seat-benefit", message: "Send Benefit.Id as the user-seat or the admin-seat benefit." },
  unverified: {
    kind: "refused",
    status: 403,
    rule: "verified-email",
    message: "Please confirm your email address first: follow the link we emailed you, then try again.",
  },
  domain: {
    kind: "refused",
    status: 403,
    rule: "email-domain",
    message: "Your email address isn't one of this school's addresses. Sign up with your school email address, or ask your school's admin to invite you.",
  },
  noSeats: { kind: "refused", status: 409, rule: "seats-available", message: NO_SEATS_MESSAGE },
  hasAdmin: {
    kind: "refused",
    status: 409,
    rule: "no-current-admin",
    message: "This school already has an admin. Ask them to make you an admin.",
  },
  notStateSchool: {
    kind: "refused",
    status: 403,
    rule: "state-school",
    message: "Only state schools get a free membership. Choose your school's type again, or contact us to join.",
  },
  wrongType: { kind: "refused", status: 400, rule: "membership-type", message: "Send type as \"state-school\"." },
} as const satisfies Record<string, Refusal>;
