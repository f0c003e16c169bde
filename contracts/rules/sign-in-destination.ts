import { membershipIsValid } from "./membership-validity";

/**
 * Where a signed-in person goes when no (safe) `next` was given: the spec's
 * "default post-login destination" (accounts spec, sections 2 and 9). The
 * no-JavaScript form, the login widget and the registration wizard all use it.
 */
export const DEFAULT_NEXT_PATH = "/account/my-account/";

/** The fields of the login answer (accounts spec, section 3) that decide where a signed-in person goes. */
export interface SignInStanding {
  IsLoggedIn?: boolean;
  affiliation_type?: unknown;
  school_membership_data?: { ExpirationDateTime?: string | null } | null;
}

/**
 * Accounts spec, section 4 (Login): signed in, with an affiliation and an
 * unexpired membership, goes to `next` (DEFAULT_NEXT_PATH when there is
 * none); anything else goes to the registration wizard to link a school,
 * keeping `next` for afterwards. A `next` that is that wizard already (a
 * confirmed email's "sign in to carry on", which carries its resume key) is
 * not wrapped in a second one. `next` must already be a same-site path.
 */
export function destinationAfterSignIn(standing: SignInStanding, next: string | null, now: Date): string {
  const goingOn = next ?? DEFAULT_NEXT_PATH;
  const hasValidMembership =
    standing.IsLoggedIn === true && Boolean(standing.affiliation_type) && membershipIsValid(standing.school_membership_data?.ExpirationDateTime, now);
  return hasValidMembership || isLinkSchoolPath(goingOn) ? goingOn : linkSchoolPath(goingOn);
}

/** Whether `next` (a same-site path) is the wizard's link-school screen. */
export function isLinkSchoolPath(next: string): boolean {
  const probeOrigin = "https://same-site.invalid";
  const url = new URL(next, probeOrigin);
  return url.origin === probeOrigin && url.pathname === "/account/register/" && url.searchParams.get("link-school") === "true";
}

/** /account/register/?link-school=true&next=… */
export function linkSchoolPath(next: string): string {
  return `/account/register/?link-school=true&next=${encodeURIComponent(next)}`;
}
