import { latestMembership, membershipIsValid } from "./membership";

/**
 * Who may see a whole resource, take notes and share links (issue 13):
 * a signed-in person with a membership valid now, their own or their school's.
 * The other kinds say why not, so the page can say it too.
 */
export type MemberAccess =
  | { kind: "member" }
  | { kind: "signed-out" }
  | { kind: "no-membership" }
  /** Every membership that counted has ended; expiredOn is the ISO instant the latest one ended. */
  | { kind: "expired"; expiredOn: string }
  /** A valid school membership counts, but its access is paused: the school's invoice is unpaid (issue 29). */
  | { kind: "paused" };

/** A membership as the decision reads it: when it ends, and whether its access is paused (a suspension). */
export interface CountedMembership {
  expires_at: string;
  paused?: boolean;
}

/**
 * The decision over every membership that counts for a signed-in person (their own,
 * and those of schools where they hold a current role): any valid one makes a member.
 */
export function accessFromMemberships(memberships: readonly CountedMembership[], now: Date): MemberAccess {
  const valid = memberships.filter((membership) => membershipIsValid(membership.expires_at, now));
  if (valid.some((membership) => !membership.paused)) return { kind: "member" };
  if (valid.length > 0) return { kind: "paused" };
  const latest = latestMembership(memberships);
  return latest ? { kind: "expired", expiredOn: latest.expires_at } : { kind: "no-membership" };
}
