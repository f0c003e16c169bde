/**
 * A membership is valid only while its expiry is later than now (accounts
 * spec, section 5). A missing or unreadable expiry is not valid.
 */
export function membershipIsValid(expiresAt: string | Date | null | undefined, now: Date): boolean {
  if (expiresAt === null || expiresAt === undefined) return false;
  const expiry = expiresAt instanceof Date ? expiresAt.getTime() : Date.parse(expiresAt);
  return Number.isFinite(expiry) && expiry > now.getTime();
}
