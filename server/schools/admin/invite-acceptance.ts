import { markEmailVerified } from "../../accounts";
import { normaliseEmail } from "../../domain/email";
import { inviteStatus } from "../../domain/school-invites";
import { inviteByToken, spendInvite, type InviteRow } from "./invite-store";
import { INVITE_ACCEPT_PATH, type InviteContext } from "./invites";
import { takeSeat, type SeatOutcome } from "../seats/school-seats";
import { withSchoolLock } from "../seats/seat-grants-lock";

/** What an invite link says before anything is spent: why it cannot be used, where to go first, or its offer. */
export type InviteOffer =
  /** unknown: no such invite (mistyped, or forged); spent: accepted or revoked already. */
  | { kind: "refused"; reason: "unknown" | "expired" | "spent" }
  | { kind: "sign-up"; email: string; acceptPath: string }
  | { kind: "sign-in"; email: string; acceptPath: string }
  | { kind: "other-email"; email: string; schoolName: string }
  /** The invited person, signed in: the page offers "Join {schoolName}", and only its POST accepts. */
  | { kind: "offer"; email: string; schoolName: string };

export type InviteAcceptance =
  | Exclude<InviteOffer, { kind: "offer" }>
  | { kind: "joined"; schoolName: string }
  | { kind: "already"; schoolName: string }
  | { kind: "no-seats"; schoolName: string }
  | { kind: "no-membership"; schoolName: string };

/** Thrown inside the acceptance's transaction to undo it (the invite stays pending, nothing is verified) and answer `outcome`. */
class NotAccepted extends Error {
  constructor(readonly outcome: InviteAcceptance) {
    super(outcome.kind);
  }
}

/** The invite and what it offers this visitor; reads only, so a mail scanner opening the link spends nothing. */
async function readInvite(
  context: InviteContext,
  token: string,
  user: { id: number; email: string } | undefined,
  now: Date,
): Promise<Exclude<InviteOffer, { kind: "offer" }> | { kind: "offer"; email: string; schoolName: string; invite: InviteRow; user: { id: number } }> {
  const invite = await inviteByToken(context.db, token);
  if (!invite) return { kind: "refused", reason: "unknown" };
  const status = inviteStatus(invite, now);
  if (status !== "pending") {
    context.logger.warn({ userId: user?.id, rule: "invite-pending", schoolId: invite.school_id, inviteId: invite.id, status }, "school invite not usable");
    return { kind: "refused", reason: status === "expired" ? "expired" : "spent" };
  }
  const { email, school_id: schoolId } = invite;
  const acceptPath = `${INVITE_ACCEPT_PATH}?token=${encodeURIComponent(token)}`;
  if (!user) {
    const account = await context.crm.findPerson(email);
    return account ? { kind: "sign-in", email, acceptPath } : { kind: "sign-up", email, acceptPath };
  }
  const schoolName = (await context.crm.constituentDetail(schoolId))?.DisplayName ?? "the school";
  if (normaliseEmail(user.email) !== email) return { kind: "other-email", email, schoolName };
  return { kind: "offer", email, schoolName, invite, user };
}

/** Opening an invite link (the GET): what it offers whoever is (or is not) signed in. Changes nothing. */
export async function inviteOffer(context: InviteContext, token: string, user: { id: number; email: string } | undefined, now: Date): Promise<InviteOffer> {
  const read = await readInvite(context, token, user, now);
  return read.kind === "offer" ? { kind: "offer", email: read.email, schoolName: read.schoolName } : read;
}

/** Accepting an invite (the page's button, a POST) for whoever is (or is not) signed in. */
export async function acceptInvite(
  context: InviteContext,
  token: string,
  signedIn: { id: number; email: string } | undefined,
  now: Date,
): Promise<InviteAcceptance> {
  const read = await readInvite(context, token, signedIn, now);
  if (read.kind !== "offer") return read;
  const { invite, email, schoolName, user: invited } = read;
  const schoolId = invite.school_id;
  try {
    // Spend, verify and seat in one transaction under the school's lock: the address checked is the address
    // verified (a concurrent email change either lands first and fails the check, or clears the proof after).
    const outcome = await withSchoolLock(context.db, context.crm, schoolId, async (crm, trx): Promise<SeatOutcome> => {
      const lockedNow = context.clock();
      if (!(await spendInvite(trx, invite.id, invited.id, lockedNow))) throw new NotAccepted({ kind: "refused", reason: "spent" });
      if (!(await markEmailVerified(trx, crm, invited.id, email, lockedNow))) throw new NotAccepted({ kind: "other-email", email, schoolName });
      const seat = await takeSeat(crm, context.ids, { schoolId, personId: invited.id, role: "user", now: lockedNow });
      if (seat.kind === "no-seats" || seat.kind === "no-membership") throw new NotAccepted({ kind: seat.kind, schoolName });
      return seat;
    });
    context.logger.info({ userId: invited.id, schoolId, inviteId: invite.id }, "school invite accepted");
    return { kind: outcome.kind === "joined" ? "joined" : "already", schoolName };
  } catch (error) {
    if (!(error instanceof NotAccepted)) throw error;
    context.logger.warn({ userId: invited.id, rule: "invite-accept", schoolId, inviteId: invite.id, outcome: error.outcome.kind }, "school invite not accepted");
    return error.outcome;
  }
}
