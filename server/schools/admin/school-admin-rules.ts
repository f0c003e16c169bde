import type { Kysely } from "kysely";
import type { Affiliation, CrmIds, CrmPort, SeatBenefit } from "../../crm";
import type { Database } from "../../db/schema";
import type { Logger } from "../../logging";
import { refuse as refusal, Refused } from "../../shared/refusal";
import { revokePendingInvitesTo } from "./invite-store";
import { withSchoolLock } from "../seats/seat-grants-lock";
import { currentMembership, takeSeat } from "../seats/school-seats";
import { isSchoolAdmin, roleOf } from "../seats/school-standing";

/*
 * The school admin's rules (accounts spec, section 6): only an admin of a
 * school makes another of its users an admin or removes one. Every refusal
 * is logged at warn with who asked, the rule and the ids, and changes nothing:
 * it is thrown as Refused (out of the school's lock, rolling its transaction
 * back), and the service's boundary (school-admin-service.ts) returns it.
 */

export const NOT_SCHOOL_ADMIN_MESSAGE = "You can't do that for this school: only its admins can.";
export const NOT_A_USER_MESSAGE = "That person is not a current user of this school. Invite them first.";
export const ONLY_ADMIN_ROLE_MESSAGE = "Only the admin role can be given to another person.";
export const SELF_AFFILIATION_MESSAGE = "You can only confirm your own affiliation once it is recorded with its seat.";
export const LAST_ADMIN_MESSAGE = "A school needs at least one admin. Make someone else an admin before you remove yourself.";
export const UNKNOWN_AFFILIATION_MESSAGE = "That person is no longer at this school. Reload the page to see its users.";

/** Why nobody can be made an admin now (no admin seat free): said on the School tab, the confirmation page and the refusal alike. */
export function noAdminSeatMessage(schoolName: string): string {
  return `${schoolName}'s membership has no admin seat free. Remove an admin first, or contact us to add one.`;
}

/** Why nobody can be made an admin now (no current membership). */
export function noCurrentMembershipMessage(schoolName: string): string {
  return `${schoolName} has no current membership, so nobody can be made an admin. Renew the membership first, or contact us.`;
}

/**
 * Whether an admin seat is free, from the school's current membership's seat
 * benefits (none: no membership): undefined when one is, else the reason to
 * show. Reads only; the claim itself (takeSeat) is still the one that counts.
 */
export function adminSeatProblem(ids: CrmIds, schoolName: string, benefits: readonly SeatBenefit[] | undefined): string | undefined {
  if (!benefits) return noCurrentMembershipMessage(schoolName);
  const seat = benefits.find((benefit) => benefit.Benefit.Id === ids.seatBenefits.adminSeat);
  if (seat && (seat.MembershipLevelBenefit.UnlimitedIndicator || seat.TotalRemaining > 0)) return undefined;
  return noAdminSeatMessage(schoolName);
}

/** adminSeatProblem, reading the school's current membership. */
export async function adminSeatProblemAt(context: Pick<RuleContext, "crm" | "ids">, school: { id: number; name: string }, now: Date): Promise<string | undefined> {
  const membership = await currentMembership(context.crm, school.id, now);
  return adminSeatProblem(context.ids, school.name, membership && (await context.crm.seatBenefits(membership.Id)));
}

export interface RuleContext {
  /** For the school's lock: a grant or removal writes several rows, all in one transaction (seat-grants-lock.ts). */
  db: Kysely<Database>;
  crm: CrmPort;
  ids: CrmIds;
  logger: Logger;
}

/** A refusal: logged, then thrown as Refused for the service's boundary to return. */
export function refuse(
  context: RuleContext,
  reason: "forbidden" | "not-found" | "conflict",
  message: string,
  details: { userId: number | null; rule: string } & Record<string, unknown>,
): never {
  context.logger.warn(details, `school admin rule refused: ${details.rule}`);
  throw new Refused(refusal(reason, message, { rule: details.rule }));
}

export async function requireAdmin(context: RuleContext, userId: number, schoolId: number, now: Date, details: Record<string, unknown>): Promise<void> {
  if (!(await isSchoolAdmin(context.crm, context.ids, { schoolId, personId: userId }, now))) {
    refuse(context, "forbidden", NOT_SCHOOL_ADMIN_MESSAGE, { userId, rule: "admin-of-school", schoolId, ...details });
  }
}

/** The person's current user or teacher affiliation at the school, for making them admin. */
async function currentMemberAffiliation(context: RuleContext, schoolId: number, personId: number, now: Date): Promise<Affiliation | undefined> {
  const held = await context.crm.affiliations({ groupConstituentId: schoolId, individualConstituentId: personId, currentAt: now });
  return held.find((affiliation) => {
    const role = roleOf(context.ids, affiliation);
    return role === "user" || role === "teacher";
  });
}

export interface AdminGranted {
  created: boolean;
  affiliation: Affiliation;
  name: string;
}

/**
 * An admin of the school makes one of its current users an admin, taking an
 * admin seat: the checks, the claim and the affiliation under the school's
 * lock, in one transaction, so a failure half way leaves no claimed seat
 * without its affiliation.
 */
export function makeAdmin(context: RuleContext, userId: number, target: { schoolId: number; personId: number }, now: Date): Promise<AdminGranted> {
  return withSchoolLock(context.db, context.crm, target.schoolId, (crm) => makeAdminLocked({ ...context, crm }, userId, target, now));
}

async function makeAdminLocked(context: RuleContext, userId: number, target: { schoolId: number; personId: number }, now: Date): Promise<AdminGranted> {
  await requireAdmin(context, userId, target.schoolId, now, { personId: target.personId });
  return grantAdminSeat(context, userId, target, now);
}

/**
 * The back office makes a current user of the school an admin: the same
 * seat and checks as an admin's "Make admin", under the same lock, without
 * the "only its admins can" rule (staff roles are checked by the caller).
 */
export function makeAdminForStaff(context: RuleContext, target: { schoolId: number; personId: number }, now: Date): Promise<AdminGranted> {
  return withSchoolLock(context.db, context.crm, target.schoolId, (crm) => grantAdminSeat({ ...context, crm }, null, target, now));
}

async function grantAdminSeat(context: RuleContext, userId: number | null, target: { schoolId: number; personId: number }, now: Date): Promise<AdminGranted> {
  const { schoolId, personId } = target;
  const member = await currentMemberAffiliation(context, schoolId, personId, now);
  if (!member) refuse(context, "forbidden", NOT_A_USER_MESSAGE, { userId, rule: "current-user-of-school", schoolId, personId });
  const outcome = await takeSeat(context.crm, context.ids, { schoolId, personId, role: "admin", now });
  const schoolName = member.GroupConstituent.DisplayName;
  if (outcome.kind === "no-membership") {
    refuse(context, "conflict", noCurrentMembershipMessage(schoolName), { userId, rule: "valid-membership", schoolId, personId });
  }
  if (outcome.kind === "no-seats") refuse(context, "conflict", noAdminSeatMessage(schoolName), { userId, rule: "admin-seat-free", schoolId, personId });
  return { created: outcome.kind === "joined", affiliation: outcome.affiliation, name: member.IndividualConstituent.DisplayName };
}

export interface Removal {
  affiliation: Affiliation;
  name: string;
  /** Pending invites to the person's address at the school, revoked because they left it (0 when only a role ended). */
  invitesRevoked?: number;
}

/** The affiliation, if current, after checking that the user is an admin of its school. Changes nothing. */
export async function checkRemoval(context: RuleContext, userId: number, affiliationId: number, now: Date): Promise<Removal> {
  const affiliation = await context.crm.affiliation(affiliationId);
  if (!affiliation) throw new Refused(refusal("not-found", UNKNOWN_AFFILIATION_MESSAGE));
  const schoolId = affiliation.GroupConstituent.Id;
  // Another school's affiliation is answered as a missing one, so affiliation ids cannot be probed (issue 22, item 9).
  if (!(await isSchoolAdmin(context.crm, context.ids, { schoolId, personId: userId }, now))) {
    refuse(context, "not-found", UNKNOWN_AFFILIATION_MESSAGE, { userId, rule: "admin-of-school", schoolId, affiliationId });
  }
  if (!isCurrent(affiliation, now)) throw new Refused(refusal("not-found", UNKNOWN_AFFILIATION_MESSAGE));
  return { affiliation, name: affiliation.IndividualConstituent.DisplayName };
}

/**
 * Ends an affiliation (and so frees its seat). `wholePerson` ends every
 * current affiliation the person holds at that school: "Remove" on the
 * School tab takes them out of the school, not just out of one role. The
 * checks and every ending run under the school's lock, in one transaction:
 * all of them end, or none. Someone who leaves the school altogether also
 * loses their pending invites to it, so an old link cannot bring them back.
 */
export async function removeAffiliation(
  context: RuleContext,
  userId: number,
  request: { affiliationId: number; wholePerson: boolean },
  now: Date,
): Promise<Removal> {
  const { affiliation: found } = await checkRemoval(context, userId, request.affiliationId, now);
  return withSchoolLock(context.db, context.crm, found.GroupConstituent.Id, (crm, trx) =>
    removeAffiliationLocked({ ...context, crm, db: trx }, userId, request, now),
  );
}

async function removeAffiliationLocked(
  context: RuleContext,
  userId: number,
  request: { affiliationId: number; wholePerson: boolean },
  now: Date,
): Promise<Removal> {
  // Checked again under the lock: another admin may have removed them meanwhile.
  const removal = await checkRemoval(context, userId, request.affiliationId, now);
  const { affiliation } = removal;
  const schoolId = affiliation.GroupConstituent.Id;
  const personId = affiliation.IndividualConstituent.Id;
  const ending = await affiliationsEnding(context, affiliation, request.wholePerson, now);
  const adminType = context.ids.affiliationTypes.admin;
  if (personId === userId && ending.some((held) => held.AffiliationType.Id === adminType)) {
    const admins = (await context.crm.affiliations({ groupConstituentId: schoolId, currentAt: now })).filter(
      (held) => held.AffiliationType.Id === adminType && held.IndividualConstituent.Id !== userId,
    );
    if (admins.length === 0) refuse(context, "conflict", LAST_ADMIN_MESSAGE, { userId, rule: "last-admin", schoolId, affiliationId: affiliation.Id });
  }
  return endAffiliations(context, removal, ending, now);
}

/**
 * The back office ends an affiliation (or, `wholePerson`, all the person
 * holds at that school): the same endings as an admin's "Remove", under the
 * same lock. Staff may leave a school without an admin: its join requests
 * then come to them.
 */
export async function endAffiliationForStaff(context: RuleContext, request: { affiliationId: number; wholePerson: boolean }, now: Date): Promise<Removal> {
  const found = await context.crm.affiliation(request.affiliationId);
  if (!found || !isCurrent(found, now)) throw new Refused(refusal("not-found", UNKNOWN_AFFILIATION_MESSAGE));
  return withSchoolLock(context.db, context.crm, found.GroupConstituent.Id, async (crm, trx) => {
    const locked = { ...context, crm, db: trx };
    // Read again under the lock: an admin may have removed them meanwhile.
    const affiliation = await crm.affiliation(request.affiliationId);
    if (!affiliation || !isCurrent(affiliation, now)) throw new Refused(refusal("not-found", UNKNOWN_AFFILIATION_MESSAGE));
    const removal = { affiliation, name: affiliation.IndividualConstituent.DisplayName };
    return endAffiliations(locked, removal, await affiliationsEnding(locked, affiliation, request.wholePerson, now), now);
  });
}

async function affiliationsEnding(context: RuleContext, affiliation: Affiliation, wholePerson: boolean, now: Date): Promise<Affiliation[]> {
  if (!wholePerson) return [affiliation];
  return context.crm.affiliations({ groupConstituentId: affiliation.GroupConstituent.Id, individualConstituentId: affiliation.IndividualConstituent.Id, currentAt: now });
}

/** Ends each (freeing its seat); someone who has left the school altogether loses their pending invites to it too. */
async function endAffiliations(context: RuleContext, removal: Removal, ending: readonly Affiliation[], now: Date): Promise<Removal> {
  const schoolId = removal.affiliation.GroupConstituent.Id;
  const personId = removal.affiliation.IndividualConstituent.Id;
  for (const held of ending) await context.crm.endAffiliation(held.Id, now);
  const stillHeld = await context.crm.affiliations({ groupConstituentId: schoolId, individualConstituentId: personId, currentAt: now });
  const person = stillHeld.length === 0 ? await context.crm.personContact(personId) : undefined;
  const invitesRevoked = person?.Email ? await revokePendingInvitesTo(context.db, schoolId, person.Email, now) : 0;
  return { ...removal, invitesRevoked };
}

export function isCurrent(affiliation: Affiliation, now: Date): boolean {
  return new Date(affiliation.StartDate) <= now && (affiliation.EndDate === null || new Date(affiliation.EndDate) > now);
}
