/** The signed-in person as requests and templates see them (set by loadCurrentUser). */
export interface CurrentUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

declare module "express-session" {
  interface SessionData {
    /** The signed-in constituent's id; absent while signed out. */
    userId: number;
    /** The constituent's auth_version when they signed in: a password change elsewhere makes it stale. */
    authVersion: number;
  }
}

declare global {
  // Express's own extension points are namespaces; there is no other way to add to them.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by loadCurrentUser: the signed-in person, or undefined. */
      currentUser?: CurrentUser;
    }
    interface Locals {
      /** For templates: the signed-in person, or null (docs/architecture.md, "Template context"). */
      currentUser?: CurrentUser | null;
    }
  }
}
