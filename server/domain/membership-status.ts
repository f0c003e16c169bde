import { latestMembership, membershipIsValid } from "./membership";

/**
 * What the dashboard says about a person's membership: the one that runs
 * longest decides (a renewal outranks the one it replaced).
 */
export type MembershipStatus =
  | { state: "valid"; expiresAt: string }
  | { state: "expired"; expiresAt: string }
  | { state: "none" };

export function membershipStatus(memberships: readonly { expires_at: string }[], now: Date): MembershipStatus {
  const latest = latestMembership(memberships);
  if (!latest) return { state: "none" };
  return { state: membershipIsValid(latest.expires_at, now) ? "valid" : "expired", expiresAt: latest.expires_at };
}

const londonDate = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long", year: "numeric" });

/** "21 November 2026": the London calendar day of an instant. */
export function formatLondonDate(instant: string | Date): string {
  return londonDate.format(typeof instant === "string" ? new Date(instant) : instant);
}
