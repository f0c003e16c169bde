import { findConstituentByEmail } from "../accounts/constituents";
import { emailProblem, normaliseEmail } from "../domain/email";
import { recordId } from "../domain/record-id";
import type { Mailer } from "../mail/mailer";
import { HttpError } from "../shared/errors";
import { checkInvite, INVITE_LIFETIME_DAYS, signInvite } from "./invite-tokens";
import { refuse, requireAdmin, type RuleContext } from "./school-admin-rules";
import { currentMembership, type SeatOutcome } from "./school-seats";

/*
 * Invites (accounts spec, section 6): an admin of a school sends a link that
 * lets one email address join it as a user. The signed link is the grant,
 * so no domain rule applies, and following it proves the address.
 */

export const INVITE_SENT_MESSAGE = "Invite sent successfully!";
export const INVITE_FAILED_MESSAGE = "There was an error sending the invite. Please try again.";
export const NOT_CURRENT_MEMBERSHIP_MESSAGE = "That membership is not this school's current one. Reload the page and try again.";
export const INVITE_ACCEPT_PATH = "/account/invite/accept/";

export interface InviteContext extends RuleContext {
  mailer: Mailer;
  key: Buffer;
  publicUrl: string;
  /** Takes the seat an invite grants and marks the address verified (SeatGrantsService.grantSeatByInvite). */
  grantSeatByInvite(personId: number, schoolId: number): Promise<SeatOutcome>;
}

export interface InviteRequest {
  email: string;
  organisationConstituentId: number;
  membershipId: number;
}

/** Reads and checks the invite's fields: 400 with every problem named. */
export function parseInviteRequest(body: unknown): InviteRequest {
  const fields = (body ?? {}) as Record<string, unknown>;
  const email = normaliseEmail(typeof fields.email === "string" ? fields.email : "");
  const problems: Record<string, string[]> = {};
  const emailIssue = emailProblem(email);
  if (emailIssue) problems.email = [emailIssue];
  const school = recordId(fields.organisationConstituentId);
  const membership = recordId(fields.membershipId);
  if (school === undefined) problems.organisationConstituentId = ["Choose the school to invite to."];
  if (membership === undefined) problems.membershipId = ["Choose the membership to invite to."];
  if (Object.keys(problems).length > 0) throw new HttpError(400, "Check the invite and try again.", problems);
  return { email, organisationConstituentId: school!, membershipId: membership! };
}

export async function sendInvite(context: InviteContext, userId: number, invite: InviteRequest, now: Date): Promise<void> {
  const schoolId = invite.organisationConstituentId;
  await requireAdmin(context, userId, schoolId, now, { membershipId: invite.membershipId });
  const membership = await currentMembership(context.crm, schoolId, now);
  if (membership?.Id !== invite.membershipId) {
    refuse(context, 403, NOT_CURRENT_MEMBERSHIP_MESSAGE, { userId, rule: "current-membership", schoolId, membershipId: invite.membershipId });
  }
  const token = signInvite(context.key, { schoolId, membershipId: membership.Id, email: invite.email }, now);
  const acceptUrl = `${context.publicUrl}${INVITE_ACCEPT_PATH}?token=${encodeURIComponent(token)}`;
  try {
    // Nothing else changes here (the signed link is the grant), so the message is written on its own; the outbox delivers it.
    await context.mailer.send({
      to: invite.email,
      template: "school-invite",
      context: { schoolName: membership.Constituent.DisplayName, acceptUrl, expiresInDays: INVITE_LIFETIME_DAYS },
    });
  } catch (error) {
    context.logger.error({ err: error, userId, schoolId }, "invite email not queued");
    throw new HttpError(503, INVITE_FAILED_MESSAGE);
  }
  context.logger.info({ userId, schoolId, membershipId: membership.Id }, "school invite queued");
}

export type InviteAcceptance =
  | { kind: "refused"; reason: "forged" | "expired" }
  | { kind: "sign-up"; email: string; acceptPath: string }
  | { kind: "sign-in"; email: string; acceptPath: string }
  | { kind: "other-email"; email: string; schoolName: string }
  | { kind: "joined" | "already"; schoolName: string }
  | { kind: "no-seats" | "no-membership"; schoolName: string };

/** Follows an invite link for whoever is (or is not) signed in. */
export async function acceptInvite(
  context: InviteContext,
  token: string,
  user: { id: number; email: string } | undefined,
  now: Date,
): Promise<InviteAcceptance> {
  const check = checkInvite(context.key, token, now);
  if (!check.ok) return { kind: "refused", reason: check.reason };
  const { schoolId, email } = check.claims;
  const acceptPath = `${INVITE_ACCEPT_PATH}?token=${encodeURIComponent(token)}`;
  if (!user) {
    const account = await findConstituentByEmail(context.db, email);
    return account ? { kind: "sign-in", email, acceptPath } : { kind: "sign-up", email, acceptPath };
  }
  const schoolName = (await context.crm.constituentDetail(schoolId))?.DisplayName ?? "the school";
  if (normaliseEmail(user.email) !== email) return { kind: "other-email", email, schoolName };
  const outcome = await context.grantSeatByInvite(user.id, schoolId);
  if (outcome.kind === "no-seats" || outcome.kind === "no-membership") {
    context.logger.warn({ userId: user.id, rule: "invite-seat", schoolId }, `school invite not accepted: ${outcome.kind}`);
    return { kind: outcome.kind, schoolName };
  }
  context.logger.info({ userId: user.id, schoolId }, "school invite accepted");
  return { kind: outcome.kind === "joined" ? "joined" : "already", schoolName };
}
