import { membershipIsValid } from "./membership";

/** The fields of the login answer (accounts spec, section 3) that decide where a signed-in person goes. */
export interface SignInStanding {
  IsLoggedIn: boolean;
  affiliation_type: string | null;
  school_membership_data: { ExpirationDateTime: string } | null;
}

/**
 * Accounts spec, section 4 (Login): signed in, with an affiliation and an
 * unexpired membership, goes to `next`; anything else goes to the
 * registration wizard to link a school, keeping `next` for afterwards. A
 * `next` that is that wizard already (a confirmed email's "sign in to carry
 * on", which carries its resume key) is not wrapped in a second one.
 * The no-JavaScript login form uses this; the login widget applies the
 * same rule in the browser (widgets/login-form/destination.ts), since it
 * must also work against other backends.
 */
export function destinationAfterSignIn(standing: SignInStanding, next: string, now: Date): string {
  const hasValidMembership =
    standing.IsLoggedIn &&
    Boolean(standing.affiliation_type) &&
    membershipIsValid(standing.school_membership_data?.ExpirationDateTime, now);
  return hasValidMembership || isLinkSchoolPath(next) ? next : linkSchoolPath(next);
}

/** Whether `next` (a safe path) is the wizard's link-school screen. */
export function isLinkSchoolPath(next: string): boolean {
  const probeOrigin = "https://same-site.invalid";
  const url = new URL(next, probeOrigin);
  return url.origin === probeOrigin && url.pathname === "/account/register/" && url.searchParams.get("link-school") === "true";
}

/** /account/register/?link-school=true&next=… */
export function linkSchoolPath(next: string): string {
  return `/account/register/?link-school=true&next=${encodeURIComponent(next)}`;
}
