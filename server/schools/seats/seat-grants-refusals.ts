import { refuse } from "../../shared/refusal";

/*
 * The refusals of the seat calls (docs/crm.md, "Seats, admins and verified
 * email"): each a shared Refusal with the rule's name for the warn log and a
 * sentence for the person saying what to do; server/http/refusals.ts gives
 * the status.
 */

export const NO_SEATS_MESSAGE = "No seats available for the membership, needs to be renewed";
export const MEMBERSHIP_EXPIRED_MESSAGE = "Membership has expired, needs to be renewed";
const UNKNOWN_MEMBERSHIP_MESSAGE = "We couldn't find that membership. Reload the page and try again.";

export const refusals = {
  notSelf: refuse("forbidden", "You can only take a seat for yourself.", { rule: "self-only" }),
  unknownMembership: refuse("not-found", UNKNOWN_MEMBERSHIP_MESSAGE, { rule: "membership-exists" }),
  // A person's membership is answered as a missing one, so membership ids cannot be probed (issue 22, item 9).
  notASchool: refuse("not-found", UNKNOWN_MEMBERSHIP_MESSAGE, { rule: "school-membership" }),
  unknownSchool: refuse("not-found", "We couldn't find that school. Search for it again.", { rule: "school-exists" }),
  notCurrent: refuse("conflict", MEMBERSHIP_EXPIRED_MESSAGE, { rule: "current-membership" }),
  unknownBenefit: refuse("invalid", "Send Benefit.Id as the user-seat or the admin-seat benefit.", { rule: "seat-benefit" }),
  unverified: refuse("forbidden", "Please confirm your email address first: follow the link we emailed you, then try again.", { rule: "verified-email" }),
  domain: refuse(
    "forbidden",
    "Your email address isn't one of this school's addresses. Sign up with your school email address, or ask your school's admin to invite you.",
    { rule: "email-domain" },
  ),
  noSeats: refuse("conflict", NO_SEATS_MESSAGE, { rule: "seats-available" }),
  hasAdmin: refuse("conflict", "This school already has an admin. Ask them to make you an admin.", { rule: "no-current-admin" }),
  notStateSchool: refuse("forbidden", "Only state schools get a free membership. Choose your school's type again, or contact us to join.", { rule: "state-school" }),
  wrongType: refuse("invalid", "Send type as \"state-school\".", { rule: "membership-type" }),
};
