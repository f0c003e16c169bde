import { formatLondonDate, membershipStatus } from "../domain/membership-status";
import type { MembershipSummaryAnswer, SchoolTab, SelectedSchool } from "../schools";
import type { Renewal } from "../../contracts/shapes/renewal";

/**
 * What the registration wizard starts by renewing (issue: "the lapsed
 * member's renewal"): the admin of a paid school whose membership has lapsed
 * goes to their school's plans; a person whose own individual membership has
 * lapsed goes to the individual plans, with the date it ended. Anyone else:
 * nothing, and the wizard starts at the school step as usual. The shape is
 * contracts/shapes/renewal.ts, which the widget reads.
 */
export interface RenewalSources {
  ownMemberships(personId: number): Promise<{ expires_at: string }[]>;
  schoolTab(personId: number): Promise<Pick<SchoolTab, "schoolId" | "isAdmin" | "membership"> | undefined>;
  schoolCheck(personId: number, body: { constituentId: number }): Promise<SelectedSchool>;
  membershipSummary(personId: number, constituentId: number): Promise<MembershipSummaryAnswer>;
}

/**
 * `early`: the person came from a membership reminder's link (?renew=individual
 * or ?renew=school, docs/memberships.md "Reminders"), so a membership still
 * current is renewed too, from its plans: the admin's paid school's, or their
 * own. A renewal adds its period to the current expiry (membership-terms.ts),
 * so renewing early loses no days.
 */
export async function renewalFor(sources: RenewalSources, personId: number, now: Date, early?: Renewal["kind"]): Promise<Renewal | undefined> {
  const tab = await sources.schoolTab(personId);
  if (early === "school" && tab?.isAdmin && tab.membership) {
    const school = await sources.schoolCheck(personId, { constituentId: tab.schoolId });
    if (school.type === "independent-school" || school.type === "international") {
      return { kind: "school", endedOn: null, endsOn: tab.membership.expires, pathway: school.type, school };
    }
  }
  if (tab?.isAdmin && !tab.membership) {
    const school = await sources.schoolCheck(personId, { constituentId: tab.schoolId });
    // A state school's membership is free: the wizard's usual path makes a new one, no plan to buy.
    if (school.type === "independent-school" || school.type === "international") {
      const { expired } = await sources.membershipSummary(personId, tab.schoolId);
      return { kind: "school", endedOn: expired ? formatLondonDate(expired.ExpirationDateTime) : null, pathway: school.type, school };
    }
  }
  if (early === "individual") {
    const own = membershipStatus(await sources.ownMemberships(personId), now);
    if (own.state === "valid") return { kind: "individual", endedOn: null, endsOn: formatLondonDate(own.expiresAt), pathway: "individual", school: null };
  }
  // A member through a valid school seat is not lapsed, whatever an old individual membership says.
  if (tab?.membership) return undefined;
  const status = membershipStatus(await sources.ownMemberships(personId), now);
  if (status.state !== "expired") return undefined;
  return { kind: "individual", endedOn: formatLondonDate(status.expiresAt), pathway: "individual", school: null };
}
