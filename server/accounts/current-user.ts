/** The signed-in person as requests and templates see them (set by loadCurrentUser). */
export interface CurrentUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

/** What the session check needs: the person, and the auth_version that a password change moves on. */
export interface SessionUser extends CurrentUser {
  authVersion: number;
}
