/**
 * A membership is valid only while its expiry is later than now (accounts
 * spec, section 5). A missing or unreadable expiry is not valid.
 */
export function membershipIsValid(expiresAt: string | Date | null | undefined, now: Date): boolean {
  if (expiresAt === null || expiresAt === undefined) return false;
  const expiry = expiresAt instanceof Date ? expiresAt.getTime() : Date.parse(expiresAt);
  return Number.isFinite(expiry) && expiry > now.getTime();
}

/** Of several memberships, the one that runs longest: a renewal outranks the one it replaces. */
export function latestMembership<Membership extends { expires_at: string }>(memberships: readonly Membership[]): Membership | undefined {
  let latest: Membership | undefined;
  for (const membership of memberships) {
    if (!latest || Date.parse(membership.expires_at) > Date.parse(latest.expires_at)) latest = membership;
  }
  return latest;
}
