import type { Kysely } from "kysely";
import type { ConstituentId, CrmIds, CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { levelName } from "../domain/plans";
import { inviteStatus } from "../domain/school-invites";
import { isCurrent } from "./admin/school-admin-rules";
import { ROLE_LABELS, roleOf } from "./seats/school-standing";

/*
 * The schools capability's share of "Download my data" and "Delete my
 * account" (docs/my-account.md): the person's schools, roles and memberships,
 * the school invites sent to their address or by them, and the schools that
 * would lose their only admin.
 */

/** Every affiliation the person has held, current or ended, oldest first. */
export async function affiliationsForExport(crm: CrmPort, ids: CrmIds, personId: ConstituentId, now: Date) {
  const held = await crm.affiliations({ individualConstituentId: personId });
  return held.map((affiliation) => {
    const role = roleOf(ids, affiliation);
    return {
      school: affiliation.GroupConstituent.DisplayName,
      schoolId: affiliation.GroupConstituent.Id,
      role: role ? ROLE_LABELS[role] : `Affiliation type ${affiliation.AffiliationType.Id}`,
      startDate: affiliation.StartDate,
      endDate: affiliation.EndDate,
      current: isCurrent(affiliation, now),
    };
  });
}

/** The person's own memberships (an individual membership), newest expiry first. */
export async function membershipsForExport(crm: CrmPort, ids: CrmIds, personId: ConstituentId, now: Date) {
  const memberships = await crm.memberships(personId);
  return memberships.map((membership) => ({
    level: levelName(ids.membershipLevels, membership.MembershipLevel.Id),
    startDate: membership.InitiationDateTime,
    expiryDate: membership.ExpirationDateTime,
    current: Date.parse(membership.ExpirationDateTime) > now.getTime(),
  }));
}

export interface SoleAdminSchool {
  schoolId: ConstituentId;
  name: string;
  /** Other people with a current role there, who would be left without an admin. */
  otherMembers: number;
}

/** Schools where the person is the only current admin: deleting the account leaves them without one. */
export async function schoolsWithOnlyThisAdmin(crm: CrmPort, ids: CrmIds, personId: ConstituentId, now: Date): Promise<SoleAdminSchool[]> {
  const adminAt = (await crm.affiliations({ individualConstituentId: personId, currentAt: now })).filter(
    (affiliation) => affiliation.AffiliationType.Id === ids.affiliationTypes.admin,
  );
  const found: SoleAdminSchool[] = [];
  for (const school of new Map(adminAt.map((affiliation) => [affiliation.GroupConstituent.Id, affiliation.GroupConstituent])).values()) {
    const everyone = await crm.affiliations({ groupConstituentId: school.Id, currentAt: now });
    const otherAdmins = everyone.filter((held) => held.AffiliationType.Id === ids.affiliationTypes.admin && held.IndividualConstituent.Id !== personId);
    if (otherAdmins.length > 0) continue;
    const others = new Set(everyone.filter((held) => held.IndividualConstituent.Id !== personId).map((held) => held.IndividualConstituent.Id));
    found.push({ schoolId: school.Id, name: school.DisplayName, otherMembers: others.size });
  }
  return found;
}


/** Invites sent to the person's address, and invites they sent (with the invitee's address), oldest first. */
export async function invitesForExport(db: Kysely<Database>, personId: ConstituentId, email: string | null, now: Date) {
  const rows = await db
    .selectFrom("school_invites")
    .selectAll()
    .where((eb) => (email ? eb.or([eb("email", "=", email), eb("invited_by", "=", personId)]) : eb("invited_by", "=", personId)))
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    direction: row.email === email ? "received" : "sent",
    email: row.email,
    schoolId: row.school_id,
    sentAt: row.created_at,
    expiresAt: row.expires_at,
    status: inviteStatus(row, now),
  }));
}

/**
 * For a deleted account: invites to the former address are deleted; those
 * the person sent stay with their school (they name the invitee, not the
 * sender) without the sender.
 */
export async function forgetInvitesOf(db: Kysely<Database>, personId: ConstituentId, formerEmail: string | undefined): Promise<void> {
  if (formerEmail) await db.deleteFrom("school_invites").where("email", "=", formerEmail).execute();
  await db.updateTable("school_invites").set({ invited_by: null }).where("invited_by", "=", personId).execute();
  await db.updateTable("school_invites").set({ accepted_by: null }).where("accepted_by", "=", personId).execute();
}
