/** The validity rule is shared with the browser (the login widget), so it lives in contracts/. */
export { membershipIsValid } from "../../contracts/rules/membership-validity";

/** Of several memberships, the one that runs longest: a renewal outranks the one it replaces. */
export function latestMembership<Membership extends { expires_at: string }>(memberships: readonly Membership[]): Membership | undefined {
  let latest: Membership | undefined;
  for (const membership of memberships) {
    if (!latest || Date.parse(membership.expires_at) > Date.parse(latest.expires_at)) latest = membership;
  }
  return latest;
}
