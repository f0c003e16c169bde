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

/*
 * The days already said, by the instant's text: a member's page says the same
 * few dates on every view (their membership's end, their orders'), and
 * Intl's format is about 5 µs each, a twentieth of My account's CPU. Emptied
 * when full, so it stays small whatever the instants.
 */
const saidDays = new Map<string, string>();
const MAX_SAID_DAYS = 10_000;

/** "21 November 2026": the London calendar day of an instant. */
export function formatLondonDate(instant: string | Date): string {
  if (typeof instant !== "string") return londonDate.format(instant);
  const known = saidDays.get(instant);
  if (known !== undefined) return known;
  const day = londonDate.format(new Date(instant));
  if (saidDays.size >= MAX_SAID_DAYS) saidDays.clear();
  saidDays.set(instant, day);
  return day;
}
