import { emailProblem, normaliseEmail } from "../../domain/email";
import { recordId } from "../../domain/record-id";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { inTransaction } from "../../db/transactions";
import {
  INVITE_LIFETIME_DAYS,
  INVITE_LIMITS,
  INVITE_RESENDS_PER_HOUR,
  inviteResentTooOftenMessage,
  inviteSeatProblem,
  tooManyInvitesMessage,
  type UserSeats,
} from "../../domain/school-invites";
import type { Mailer } from "../../mail/mailer";
import type { RateLimiter } from "../../rate-limit/rate-limit";
import { limitReached, refuse as refusal, Refused, type Refusal } from "../../shared/refusal";
import { pendingInviteCount, renewPendingInvite, revokePendingInvite, storeInvite } from "./invite-store";
import { refuse, requireAdmin, type RuleContext } from "./school-admin-rules";
import { currentMembership } from "../seats/school-seats";
import { withSchoolLock } from "../seats/seat-grants-lock";

/*
 * Sending and revoking invites (accounts spec, section 6; docs/schools.md):
 * an admin of a school sends a link that lets one email address join it as
 * a user. The stored invite is the grant (invite-store.ts): it is spent once,
 * can be revoked, and holds a seat while it is pending. Refusals are thrown
 * as Refused (rolling back the school's lock and the invite with it); the
 * service's boundary (school-admin-service.ts) returns them.
 */

export const INVITE_SENT_MESSAGE = "Invite sent successfully!";
export const INVITE_FAILED_MESSAGE = "There was an error sending the invite. Please try again.";
export const NOT_CURRENT_MEMBERSHIP_MESSAGE = "That membership is not this school's current one. Reload the page and try again.";
export const INVITE_NOT_PENDING_MESSAGE = "That invite is no longer pending. Reload the page to see the school's invites.";
export const INVITE_ACCEPT_PATH = "/account/invite/accept/";

export interface InviteContext extends RuleContext {
  mailer: Mailer;
  rateLimiter: RateLimiter;
  publicUrl: string;
  clock: () => Date;
}

export interface InviteRequest {
  email: string;
  organisationConstituentId: number;
  membershipId: number;
}

/** Reads and checks the invite's fields: refused ("invalid") with every problem named. */
export function parseInviteRequest(body: unknown): InviteRequest | Refusal {
  const fields = (body ?? {}) as Record<string, unknown>;
  const email = normaliseEmail(typeof fields.email === "string" ? fields.email : "");
  const problems: Record<string, string[]> = {};
  const emailIssue = emailProblem(email);
  if (emailIssue) problems.email = [emailIssue];
  const school = recordId(fields.organisationConstituentId);
  const membership = recordId(fields.membershipId);
  if (school === undefined) problems.organisationConstituentId = ["Choose the school to invite to."];
  if (membership === undefined) problems.membershipId = ["Choose the membership to invite to."];
  if (Object.keys(problems).length > 0) return refusal("invalid", "Check the invite and try again.", { errors: problems });
  return { email, organisationConstituentId: school!, membershipId: membership! };
}

export async function sendInvite(context: InviteContext, userId: number, invite: InviteRequest, now: Date): Promise<void> {
  const schoolId = invite.organisationConstituentId;
  await requireAdmin(context, userId, schoolId, now, { membershipId: invite.membershipId });
  const membership = await currentMembership(context.crm, schoolId, now);
  if (membership?.Id !== invite.membershipId) {
    refuse(context, "forbidden", NOT_CURRENT_MEMBERSHIP_MESSAGE, { userId, rule: "current-membership", schoolId, membershipId: invite.membershipId });
  }
  await countAgainstLimits(context, userId, schoolId);
  // Under the school's lock, so two admins inviting at once cannot both promise the last seat.
  await withSchoolLock(context.db, context.crm, schoolId, async (crm, trx) => {
    const lockedNow = context.clock();
    const userSeat = (await crm.seatBenefits(membership.Id)).find((benefit) => benefit.Benefit.Id === context.ids.seatBenefits.userSeat);
    const seats: UserSeats | undefined = userSeat && {
      unlimited: userSeat.MembershipLevelBenefit.UnlimitedIndicator,
      available: userSeat.TotalAvailable,
      remaining: userSeat.TotalRemaining,
    };
    const problem = inviteSeatProblem(seats, await pendingInviteCount(trx, schoolId, lockedNow, invite.email));
    if (problem) refuse(context, "conflict", problem, { userId, rule: "invite-seat-free", schoolId, membershipId: membership.Id });
    const token = await storeInvite(trx, { schoolId, membershipId: membership.Id, email: invite.email, invitedBy: userId }, lockedNow);
    await mailInvite(context, trx, { to: invite.email, schoolName: membership.Constituent.DisplayName, token }, { userId, schoolId });
  });
  context.logger.info({ userId, schoolId, membershipId: membership.Id }, "school invite queued");
}

/** In the invite's transaction: the message is queued if and only if the invite is stored. */
async function mailInvite(context: InviteContext, trx: Kysely<Database>, invite: { to: string; schoolName: string; token: string }, log: { userId: number; schoolId: number }) {
  const acceptUrl = `${context.publicUrl}${INVITE_ACCEPT_PATH}?token=${encodeURIComponent(invite.token)}`;
  try {
    await context.mailer.send(
      { to: invite.to, template: "school-invite", context: { schoolName: invite.schoolName, acceptUrl, expiresInDays: INVITE_LIFETIME_DAYS } },
      { db: trx },
    );
  } catch (error) {
    context.logger.error({ err: error, ...log }, "invite email not queued");
    throw new Refused(refusal("unavailable", INVITE_FAILED_MESSAGE));
  }
}

/**
 * An admin sends a pending invite again (docs/schools.md): the same stored
 * invite, holding the same seat, with a new link and a fresh lifetime; the
 * earlier link stops working. It counts against the sending limits, and one
 * invite can be resent only a few times an hour.
 */
export async function resendInvite(context: InviteContext, userId: number, target: { schoolId: number; inviteId: number }, now: Date): Promise<{ email: string }> {
  const { schoolId, inviteId } = target;
  await requireAdmin(context, userId, schoolId, now, { inviteId });
  const perInvite = await context.rateLimiter.hit(`school-invites:resend:${inviteId}`, INVITE_RESENDS_PER_HOUR, 60 * 60 * 1000);
  if (!perInvite.allowed) throw new Refused(limitReached(inviteResentTooOftenMessage(perInvite.retryAfterSeconds), perInvite.retryAfterSeconds, { rule: "invite-resends-per-hour" }));
  await countAgainstLimits(context, userId, schoolId);
  const schoolName = (await currentMembership(context.crm, schoolId, now))?.Constituent.DisplayName ?? "your school";
  const email = await inTransaction(context.db, async (trx) => {
    const renewed = await renewPendingInvite(trx, schoolId, inviteId, context.clock());
    if (!renewed) return undefined;
    await mailInvite(context, trx, { to: renewed.email, schoolName, token: renewed.token }, { userId, schoolId });
    return renewed.email;
  });
  if (email === undefined) throw new Refused(refusal("not-found", INVITE_NOT_PENDING_MESSAGE));
  context.logger.info({ userId, ...target }, "school invite resent");
  return { email };
}

/** Every invite an admin sends counts against the admin's and the school's hourly and daily limits (docs/schools.md). */
async function countAgainstLimits(context: InviteContext, userId: number, schoolId: number): Promise<void> {
  for (const { scope, window, limit, windowMs } of INVITE_LIMITS) {
    const subject = scope === "admin" ? userId : schoolId;
    const result = await context.rateLimiter.hit(`school-invites:${scope}:${window}:${subject}`, limit, windowMs);
    if (!result.allowed) {
      context.logger.warn({ userId, schoolId, rule: `invites-per-${scope}-per-${window}`, limit }, "school invite refused: limit reached");
      throw new Refused(limitReached(tooManyInvitesMessage(scope, result.retryAfterSeconds), result.retryAfterSeconds, { rule: `invites-per-${scope}-per-${window}` }));
    }
  }
}

/** An admin of the invite's school revokes it, if it is still pending: the link then no longer works. */
export async function revokeInvite(context: InviteContext, userId: number, target: { schoolId: number; inviteId: number }, now: Date): Promise<{ email: string }> {
  await requireAdmin(context, userId, target.schoolId, now, { inviteId: target.inviteId });
  const revoked = await revokePendingInvite(context.db, target.schoolId, target.inviteId, now);
  if (!revoked) throw new Refused(refusal("not-found", INVITE_NOT_PENDING_MESSAGE));
  context.logger.info({ userId, ...target }, "school invite revoked");
  return revoked;
}
