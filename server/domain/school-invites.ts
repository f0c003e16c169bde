/*
 * The rules of school invites (docs/schools.md, "School administration and
 * invites") that need no database: what state an invite is in, whether a
 * school has a seat left to promise, and the sending limits.
 */

import { waitDescribed } from "./wait-described";

export const INVITE_LIFETIME_DAYS = 7;

export type InviteStatus = "pending" | "accepted" | "revoked" | "expired";

export function inviteStatus(invite: { accepted_at: string | null; revoked_at: string | null; expires_at: string }, now: Date): InviteStatus {
  if (invite.accepted_at !== null) return "accepted";
  if (invite.revoked_at !== null) return "revoked";
  return Date.parse(invite.expires_at) > now.getTime() ? "pending" : "expired";
}

/** The school's user seats as the CRM counts them: taken seats are already out of `remaining`. */
export interface UserSeats {
  unlimited: boolean;
  available: number;
  remaining: number;
}

/**
 * Why a new invite cannot be honoured, or undefined: every pending invite
 * holds a seat, so a school never promises more seats than it has.
 */
export function inviteSeatProblem(seats: UserSeats | undefined, pendingInvites: number): string | undefined {
  if (seats?.unlimited) return undefined;
  const available = seats?.available ?? 0;
  if ((seats?.remaining ?? 0) - pendingInvites > 0) return undefined;
  const noun = available === 1 ? "seat is" : "seats are";
  return `All ${available} ${noun} in use or held by pending invites. Revoke a pending invite or remove someone first.`;
}

const hourMs = 60 * 60 * 1000;

/**
 * How many invites may be sent, per admin and per school, in an hour and in
 * a day: enough for a school's staff list, too few to use the site to send
 * mail to arbitrary addresses.
 */
export const INVITE_LIMITS = [
  { scope: "admin", window: "hour", limit: 20, windowMs: hourMs },
  { scope: "admin", window: "day", limit: 50, windowMs: 24 * hourMs },
  { scope: "school", window: "hour", limit: 30, windowMs: hourMs },
  { scope: "school", window: "day", limit: 100, windowMs: 24 * hourMs },
] as const;

/** The 429's message: which limit, and when to try again (rounded up to a whole minute or hour). */
export function tooManyInvitesMessage(scope: "admin" | "school", retryAfterSeconds: number): string {
  const who = scope === "admin" ? "You have" : "Your school's admins have";
  return `${who} sent as many invites as we allow for now. Try again in ${waitDescribed(retryAfterSeconds)}.`;
}

/** One pending invite may be sent again this many times an hour (each resend also counts against INVITE_LIMITS). */
export const INVITE_RESENDS_PER_HOUR = 3;

export function inviteResentTooOftenMessage(retryAfterSeconds: number): string {
  return `This invite has been sent again several times already. Try again in ${waitDescribed(retryAfterSeconds)}.`;
}
