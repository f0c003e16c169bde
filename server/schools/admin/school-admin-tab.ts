import type { Kysely } from "kysely";
import type { Affiliation, CrmIds, CrmPort, SeatBenefit } from "../../crm";
import type { Database } from "../../db/schema";
import { formatLondonDate } from "../../domain/membership-status";
import { pendingInvites } from "./invite-store";
import { adminSeatProblem } from "./school-admin-rules";
import { ROLE_LABELS, roleOf, schoolStanding, strongestRole, type SchoolRole } from "../seats/school-standing";

/*
 * The read model of My account's School tab and the dashboard's School
 * card. A non-admin sees their school and role only; an admin also sees the
 * school's users, each with role and seat, the seat usage and the pending
 * invites (each holding a seat until it is accepted, revoked or expires).
 */

export interface SchoolMemberRow {
  personId: number;
  name: string;
  role: string;
  seat: string;
  isSelf: boolean;
  /** Shown a "Make admin" button: not an admin yet, and an admin seat is free. */
  canMakeAdmin: boolean;
  /** The affiliation a "Remove" ends (with the person's others at the school); undefined for oneself. */
  removeAffiliationId: number | undefined;
}

export interface SeatUsageRow {
  label: string;
  /** "used / available", or "Unlimited". */
  text: string;
}

export interface PendingInviteRow {
  id: number;
  email: string;
  /** London dates, for the page. */
  sent: string;
  expires: string;
  /** ISO 8601 UTC, for the JSON answer. */
  sentAt: string;
  expiresAt: string;
}

export interface SchoolTab {
  schoolId: number;
  name: string;
  role: string;
  /**
   * Whether they are an admin of this school. The tab shows an admin's school
   * before any other, so false (or no tab) means they are an admin of no
   * school at all: My account relies on it to skip the join requests they
   * would decide.
   */
  isAdmin: boolean;
  membership: { id: number; expires: string } | undefined;
  seats: SeatUsageRow[];
  members: SchoolMemberRow[];
  invites: PendingInviteRow[];
  /** Why "Make admin" is not offered (no admin seat free, no membership); undefined when it is. Admins only. */
  makeAdminUnavailable: string | undefined;
}

export async function schoolTab(
  sources: { crm: CrmPort; ids: CrmIds; db: Kysely<Database> },
  personId: number,
  now: Date,
): Promise<SchoolTab | undefined> {
  const { crm, ids } = sources;
  const standing = await schoolStanding(crm, ids, personId, now);
  if (!standing) return undefined;
  const isAdmin = standing.role === "admin";
  const { membership } = standing;
  const tab: SchoolTab = {
    schoolId: standing.school.Id,
    name: standing.school.DisplayName,
    role: ROLE_LABELS[standing.role],
    isAdmin,
    membership: membership && { id: membership.Id, expires: formatLondonDate(membership.ExpirationDateTime) },
    seats: [],
    members: [],
    invites: [],
    makeAdminUnavailable: undefined,
  };
  if (!isAdmin) return tab;
  const benefits = membership && (await crm.seatBenefits(membership.Id));
  if (benefits) tab.seats = seatUsage(ids, benefits);
  tab.makeAdminUnavailable = adminSeatProblem(ids, standing.school.DisplayName, benefits);
  const everyone = await crm.affiliations({ groupConstituentId: standing.school.Id, currentAt: now });
  tab.members = memberRows(ids, everyone, personId, tab.makeAdminUnavailable === undefined);
  tab.invites = await pendingInviteRows(sources.db, standing.school.Id, now);
  return tab;
}

export async function pendingInviteRows(db: Kysely<Database>, schoolId: number, now: Date): Promise<PendingInviteRow[]> {
  return (await pendingInvites(db, schoolId, now)).map((invite) => ({
    id: invite.id,
    email: invite.email,
    sent: formatLondonDate(invite.created_at),
    expires: formatLondonDate(invite.expires_at),
    sentAt: invite.created_at,
    expiresAt: invite.expires_at,
  }));
}

function seatUsage(ids: CrmIds, benefits: readonly SeatBenefit[]): SeatUsageRow[] {
  const labels = new Map([
    [ids.seatBenefits.userSeat, "User seats"],
    [ids.seatBenefits.adminSeat, "Admin seats"],
  ]);
  return benefits
    .filter((benefit) => labels.has(benefit.Benefit.Id))
    .map((benefit) => ({
      label: labels.get(benefit.Benefit.Id)!,
      text: benefit.MembershipLevelBenefit.UnlimitedIndicator
        ? "Unlimited"
        : `${benefit.TotalAvailable - benefit.TotalRemaining} / ${benefit.TotalAvailable}`,
    }));
}

const seatLabels: Record<SchoolRole, string> = { admin: "Admin seat", user: "User seat", teacher: "Teacher seat" };

function memberRows(ids: CrmIds, affiliations: readonly Affiliation[], selfId: number, adminSeatFree: boolean): SchoolMemberRow[] {
  const byPerson = new Map<number, Affiliation[]>();
  for (const affiliation of affiliations) {
    if (!roleOf(ids, affiliation)) continue;
    const personId = affiliation.IndividualConstituent.Id;
    byPerson.set(personId, [...(byPerson.get(personId) ?? []), affiliation]);
  }
  const rows = [...byPerson.entries()].map(([personId, held]): SchoolMemberRow => {
    const role = strongestRole(ids, held)!;
    const seats = held.filter((affiliation) => affiliation.Salary !== null).map((affiliation) => seatLabels[roleOf(ids, affiliation)!]);
    const isSelf = personId === selfId;
    return {
      personId,
      name: held[0]!.IndividualConstituent.DisplayName,
      role: ROLE_LABELS[role],
      seat: seats.length > 0 ? seats.join(", ") : "No seat",
      isSelf,
      canMakeAdmin: adminSeatFree && role !== "admin",
      removeAffiliationId: isSelf ? undefined : held[0]!.Id,
    };
  });
  return rows.sort((a, b) => a.name.localeCompare(b.name, "en-GB"));
}
