/**
 * The signed-in person as requests and templates see them (set by
 * loadCurrentUser from accounts' session people, session-people.ts): read
 * once per request, so a route takes what it needs about them from here
 * instead of asking again.
 */
export interface CurrentUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** Their title's id (Mr, Ms…); -1 for none. */
  prefixId: number;
  /** Their own (individual) memberships' expiry dates; a school's come through memberships' member access. */
  ownMemberships: readonly { expires_at: string }[];
}

/** What the session check needs: the person, and the auth_version that a password change moves on. */
export interface SessionUser extends Pick<CurrentUser, "id" | "email" | "firstName" | "lastName"> {
  authVersion: number;
}
