import type { Kysely } from "kysely";
import type { CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { credentialsOf } from "./credentials";
import type { SessionUser } from "./current-user";

/*
 * A person as accounts sees them: the CRM's record (through the port), with
 * the credentials accounts keeps beside it (credentials.ts).
 */

/** Where a person and their credentials are read: the site's database for the credentials, the CRM port for the person. */
export interface PersonSources {
  db: Kysely<Database>;
  crm: Pick<CrmPort, "findPerson" | "personDetails">;
}

/** The columns sign-in needs. */
export interface ConstituentCredentials {
  id: number;
  email: string;
  first_name: string;
  password_hash: string | null;
  auth_version: number;
}

/** `email` must already be normalised (it is stored that way). A deleted account is never found: it never signs in, resets, or counts as taken. */
export async function findConstituentByEmail(sources: PersonSources, email: string): Promise<ConstituentCredentials | undefined> {
  const person = await sources.crm.findPerson(email);
  if (!person?.Email) return undefined;
  const credentials = await credentialsOf(sources.db, person.Id);
  return { id: person.Id, email: person.Email, first_name: person.FirstName, password_hash: credentials.passwordHash, auth_version: credentials.authVersion };
}

/** The person's own memberships' expiry dates (an individual membership; school memberships come with the school issue). */
export async function ownMemberships(crm: Pick<CrmPort, "memberships">, constituentId: number): Promise<{ expires_at: string }[]> {
  return (await crm.memberships(constituentId)).map((membership) => ({ expires_at: membership.ExpirationDateTime }));
}

/** The signed-in person's details and auth_version, read on each request to check the session (server/http/session-user.ts). */
export async function findSessionUser(sources: PersonSources, constituentId: number): Promise<SessionUser | undefined> {
  // Both at once: the session check costs one round trip, as the join it replaces did.
  const [person, credentials] = await Promise.all([sources.crm.personDetails(constituentId), credentialsOf(sources.db, constituentId)]);
  if (!person?.Email) return undefined;
  return { id: person.Id, email: person.Email, firstName: person.FirstName, lastName: person.LastName, authVersion: credentials.authVersion };
}
