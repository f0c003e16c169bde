/** The fields of the login answer the widget reads (accounts spec, section 3). */
export interface LoginAnswer {
  IsLoggedIn?: boolean;
  affiliation_type?: unknown;
  school_membership_data?: { ExpirationDateTime?: string | null } | null;
}

/** When the page gave no `next` and the membership is valid (accounts spec, section 2). */
export const DASHBOARD_PATH = "/account/dashboard/";

/**
 * Where to go after signing in (accounts spec, section 4): with an
 * affiliation and a membership that expires later than now, to `next` (the
 * dashboard when there is none); otherwise to the registration wizard to
 * link a school, carrying `next` (unless `next` is that wizard already: a
 * confirmed email's "sign in to carry on"). The server's no-JavaScript form applies
 * the same rule (server/domain/sign-in-destination.ts).
 */
export function destinationAfterLogin(answer: LoginAnswer, next: string | null, now: Date = new Date()): string {
  if (answer.IsLoggedIn === true && Boolean(answer.affiliation_type) && expiresLater(answer.school_membership_data?.ExpirationDateTime, now)) {
    return next ?? DASHBOARD_PATH;
  }
  if (next && isLinkSchoolPath(next)) return next;
  return `/account/register/?link-school=true${next ? `&next=${encodeURIComponent(next)}` : ""}`;
}

function isLinkSchoolPath(next: string): boolean {
  const probeOrigin = "https://same-site.invalid";
  const url = new URL(next, probeOrigin);
  return url.origin === probeOrigin && url.pathname === "/account/register/" && url.searchParams.get("link-school") === "true";
}

function expiresLater(expiresAt: string | null | undefined, now: Date): boolean {
  const expiry = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  return Number.isFinite(expiry) && expiry > now.getTime();
}
