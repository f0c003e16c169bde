import type { Kysely } from "kysely";
import type { CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { credentialsOf } from "./credentials";
import type { CurrentUser } from "./current-user";

/*
 * What a signed-in request needs about its person (issue 27), read once per
 * request by loadCurrentUser and handed to every route through
 * req.currentUser, so nothing reads it again:
 *
 * - the session check, exact on every request: the person's auth_version
 *   (account_credentials, this capability's own table), one query. A
 *   password changed in any process ends every other session at its next
 *   request, and an erasure (which clears the password, moving the version
 *   on) at once;
 * - the person's CRM record (name, title, email) and their own memberships
 *   (two CRM calls), from a per-process cache keyed by the session id, kept
 *   SESSION_PERSON_TTL_MS. Every CRM write naming a person drops their
 *   entries in this process (crm/change-watching-crm.ts, wired by the
 *   composition root), a renewal (whose person the call does not name)
 *   drops all, and signing out drops the session's; another process sees
 *   the change within the TTL, as with site settings' 5 s cache.
 *
 * A person's access through a school (affiliations, the school's
 * membership) is not kept here: it changes by other people's actions (an
 * admin removing a seat), so memberships/member-access-reader.ts still asks
 * the CRM when their own membership does not settle it.
 */

/** How long a session's person is kept in a process before the CRM is asked again. */
export const SESSION_PERSON_TTL_MS = 5_000;

/** Sessions kept at most; the oldest loaded goes first. */
const MAX_SESSIONS = 10_000;

export interface SessionPeople {
  /**
   * The person signed in to `sessionId` as `constituentId` at `authVersion`;
   * undefined when they no longer exist, or their password changed since.
   */
  find(sessionId: string, constituentId: number, authVersion: number | undefined): Promise<CurrentUser | undefined>;
  /** Drops what is kept about this person (a CRM write named them), or about everyone. */
  forget(constituentId: number | "everyone"): void;
  /** Drops what is kept for this session (signed out). */
  forgetSession(sessionId: string): void;
}

interface Kept {
  constituentId: number;
  person: Omit<CurrentUser, "id">;
  loadedAt: number;
}

export function createSessionPeople(deps: {
  db: Kysely<Database>;
  crm: Pick<CrmPort, "personDetails" | "memberships">;
  ttlMs?: number;
  now?: () => number;
}): SessionPeople {
  const ttlMs = deps.ttlMs ?? SESSION_PERSON_TTL_MS;
  const now = deps.now ?? Date.now;
  const kept = new Map<string, Kept>();
  // Moves on with every forget: a read begun before one is not kept, since it may hold what the write replaced.
  let generation = 0;

  async function load(constituentId: number): Promise<Omit<CurrentUser, "id"> | undefined> {
    const [person, memberships] = await Promise.all([deps.crm.personDetails(constituentId), deps.crm.memberships(constituentId)]);
    if (!person?.Email) return undefined;
    return {
      email: person.Email,
      firstName: person.FirstName,
      lastName: person.LastName,
      prefixId: person.PrefixId,
      ownMemberships: memberships.map((membership) => ({ expires_at: membership.ExpirationDateTime })),
    };
  }

  return {
    async find(sessionId, constituentId, authVersion) {
      const startedIn = generation;
      const entry = kept.get(sessionId);
      const fresh = entry && entry.constituentId === constituentId && now() - entry.loadedAt < ttlMs ? entry : undefined;
      const [credentials, person] = await Promise.all([credentialsOf(deps.db, constituentId), fresh?.person ?? load(constituentId)]);
      if (!person || credentials.authVersion !== authVersion) {
        kept.delete(sessionId);
        return undefined;
      }
      if (!fresh && generation === startedIn) {
        kept.delete(sessionId);
        kept.set(sessionId, { constituentId, person, loadedAt: now() });
        if (kept.size > MAX_SESSIONS) kept.delete(kept.keys().next().value!);
      }
      return { id: constituentId, ...person };
    },
    forget(constituentId) {
      generation += 1;
      if (constituentId === "everyone") return kept.clear();
      for (const [sessionId, entry] of kept) if (entry.constituentId === constituentId) kept.delete(sessionId);
    },
    forgetSession(sessionId) {
      generation += 1;
      kept.delete(sessionId);
    },
  };
}
