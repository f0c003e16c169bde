import { ownMemberships } from "../accounts";
import type { Affiliation, CrmIds, CrmPort, MembershipSummary } from "../crm";
import { accessFromMemberships, type MemberAccess } from "../domain/member-access";
import { roleOf } from "../schools";
import type { MembershipSuspensions } from "./membership-suspensions";

export type { MemberAccess };

/**
 * memberAccess(personId | null, now, known?): whether someone is a member
 * now, and if not, why not. `known.ownMemberships`: the person's own
 * memberships as this request already read them (req.currentUser), so they
 * are not asked for again.
 */
export type MemberAccessReader = (personId: number | null, now: Date, known?: { ownMemberships?: readonly { expires_at: string }[] }) => Promise<MemberAccess>;

/**
 * The one place that answers "is this person a member?" (docs/resources.md,
 * "Who sees the whole resource"): their own membership, or that of any school
 * where they hold a current role (admin, user or teacher), counts when valid
 * now. Every school is asked, not only the strongest-role one.
 *
 * A seat's affiliation ends when the school's membership does, so a role that
 * ended no earlier than one of its school's memberships still brings that
 * (expired) membership in: the page can then say the membership ended, rather
 * than that there never was one. A school membership that is suspended (its
 * invoice unpaid at 60 days) counts as paused, not as valid.
 */
export function createMemberAccess(deps: { crm: CrmPort; ids: CrmIds; suspensions: MembershipSuspensions }): MemberAccessReader {
  const { crm, ids, suspensions } = deps;
  return async (personId, now, known) => {
    if (personId === null) return { kind: "signed-out" };
    // A valid membership of their own settles it with no further call: this runs on every signed-in resource page view.
    const own = known?.ownMemberships ?? (await ownMemberships(crm, personId));
    const ownAccess = accessFromMemberships(own, now);
    if (ownAccess.kind === "member") return ownAccess;
    const held = await crm.affiliations({ individualConstituentId: personId });
    const roles = held.filter((affiliation) => roleOf(ids, affiliation) && Date.parse(affiliation.StartDate) <= now.getTime());
    const schoolIds = [...new Set(roles.map((affiliation) => affiliation.GroupConstituent.Id))];
    const schools = await Promise.all(
      schoolIds.map(async (schoolId) => {
        const atSchool = roles.filter((affiliation) => affiliation.GroupConstituent.Id === schoolId);
        return (await crm.memberships(schoolId)).filter((membership) => atSchool.some((affiliation) => counts(affiliation, membership, now)));
      }),
    );
    const counted = schools.flat();
    // Only a person with a school role gets here, so a member's own membership never pays for this read.
    const paused = counted.length === 0 ? new Set<number>() : await suspensions.suspendedAmong(counted.map((membership) => membership.Id));
    const fromSchools = counted.map((membership) => ({ expires_at: membership.ExpirationDateTime, paused: paused.has(membership.Id) }));
    return accessFromMemberships([...own, ...fromSchools], now);
  };
}

/** A current role brings in all its school's memberships; an ended one only those that ended no later than it. */
function counts(affiliation: Affiliation, membership: MembershipSummary, now: Date): boolean {
  if (affiliation.EndDate === null) return true;
  const ended = Date.parse(affiliation.EndDate);
  return ended > now.getTime() || ended >= Date.parse(membership.ExpirationDateTime);
}
