import type { Affiliation, ConstituentId, CrmIds, CrmPort, MembershipSummary } from "../../crm";
import { currentMembership } from "./school-seats";

/*
 * A person's standing at their school: which school, which role, and the
 * school's membership. The School tab, the dashboard and the login answer
 * read it; the admin rules ask the narrower question isSchoolAdmin.
 */

export type SchoolRole = "admin" | "user" | "teacher";

export const ROLE_LABELS: Record<SchoolRole, string> = { admin: "Admin", user: "User", teacher: "Teacher" };

/** Strongest first: an admin who also holds a user seat is shown as an admin. */
const rolePrecedence: readonly SchoolRole[] = ["admin", "user", "teacher"];

export interface SchoolStanding {
  school: { Id: ConstituentId; DisplayName: string };
  role: SchoolRole;
  /** The person's current affiliations at that school. */
  affiliations: Affiliation[];
  /** The school's membership valid now, if any. */
  membership: MembershipSummary | undefined;
  /** The school's latest membership, valid or not (what the login answer reports). */
  latestMembership: MembershipSummary | undefined;
}

export function roleOf(ids: CrmIds, affiliation: Affiliation): SchoolRole | undefined {
  return rolePrecedence.find((role) => ids.affiliationTypes[role] === affiliation.AffiliationType.Id);
}

/** The strongest role among some affiliations. */
export function strongestRole(ids: CrmIds, affiliations: readonly Affiliation[]): SchoolRole | undefined {
  const held = new Set(affiliations.map((affiliation) => roleOf(ids, affiliation)));
  return rolePrecedence.find((role) => held.has(role));
}

export async function isSchoolAdmin(crm: CrmPort, ids: CrmIds, query: { schoolId: ConstituentId; personId: ConstituentId }, now: Date): Promise<boolean> {
  const held = await crm.affiliations({ groupConstituentId: query.schoolId, individualConstituentId: query.personId, currentAt: now });
  return held.some((affiliation) => affiliation.AffiliationType.Id === ids.affiliationTypes.admin);
}

/**
 * The person's school: among their current school affiliations, the school
 * where their role is strongest (an admin's school first), or undefined.
 */
export async function schoolStanding(crm: CrmPort, ids: CrmIds, personId: ConstituentId, now: Date): Promise<SchoolStanding | undefined> {
  const held = (await crm.affiliations({ individualConstituentId: personId, currentAt: now })).filter((affiliation) => roleOf(ids, affiliation));
  if (held.length === 0) return undefined;
  const bySchool = new Map<ConstituentId, Affiliation[]>();
  for (const affiliation of held) bySchool.set(affiliation.GroupConstituent.Id, [...(bySchool.get(affiliation.GroupConstituent.Id) ?? []), affiliation]);
  const ranked = [...bySchool.values()].sort(
    (a, b) => rolePrecedence.indexOf(strongestRole(ids, a)!) - rolePrecedence.indexOf(strongestRole(ids, b)!),
  );
  const affiliations = ranked[0]!;
  const school = affiliations[0]!.GroupConstituent;
  const memberships = await crm.memberships(school.Id);
  const latest = [...memberships].sort((a, b) => b.ExpirationDateTime.localeCompare(a.ExpirationDateTime))[0];
  return {
    school: { Id: school.Id, DisplayName: school.DisplayName },
    role: strongestRole(ids, affiliations)!,
    affiliations,
    membership: await currentMembership(crm, school.Id, now),
    latestMembership: latest,
  };
}

/** The people who are admins of the school now (each once), for whom a join request is meant. */
export async function currentAdminIds(crm: CrmPort, ids: CrmIds, schoolId: ConstituentId, now: Date): Promise<ConstituentId[]> {
  const held = await crm.affiliations({ groupConstituentId: schoolId, currentAt: now });
  return [...new Set(held.filter((affiliation) => affiliation.AffiliationType.Id === ids.affiliationTypes.admin).map((admin) => admin.IndividualConstituent.Id))];
}

/** The schools the person is an admin of now (each once): whose join requests they may decide. */
export async function schoolsAdministeredBy(crm: CrmPort, ids: CrmIds, personId: ConstituentId, now: Date): Promise<ConstituentId[]> {
  const held = await crm.affiliations({ individualConstituentId: personId, currentAt: now });
  return [...new Set(held.filter((affiliation) => affiliation.AffiliationType.Id === ids.affiliationTypes.admin).map((admin) => admin.GroupConstituent.Id))];
}

/** Whether the person holds any role at the school now (user, admin or teacher): they need not ask to join it. */
export async function belongsToSchool(crm: CrmPort, ids: CrmIds, query: { schoolId: ConstituentId; personId: ConstituentId }, now: Date): Promise<boolean> {
  const held = await crm.affiliations({ groupConstituentId: query.schoolId, individualConstituentId: query.personId, currentAt: now });
  return held.some((affiliation) => roleOf(ids, affiliation) !== undefined);
}
