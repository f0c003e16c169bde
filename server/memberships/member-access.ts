import type { Kysely } from "kysely";
import { ownMemberships } from "../accounts/constituents";
import type { CrmIds } from "../crm/crm-ids";
import type { CrmPort } from "../crm/crm-port";
import type { Database } from "../db/schema";
import { latestMembership, membershipIsValid } from "../domain/membership";
import { schoolStanding } from "./school-standing";

/*
 * Who counts as a member (issue 13): signed in, and either their own
 * membership is valid now, or they hold a current role (admin, user or
 * teacher) at a school whose membership is valid now. Members see whole
 * resources, write notes and make share links. Decided here, once.
 * (The notes and share-links branches each carry this file; the lead keeps one at merge.)
 */

export type MemberAccess =
  | { kind: "member" }
  | { kind: "signed-out" }
  | { kind: "no-membership" }
  /** expiredOn: the ISO 8601 expiry of the latest membership that counted (their own or their school's). */
  | { kind: "expired"; expiredOn: string };

export type MemberAccessCheck = (personId: number | null, now: Date) => Promise<MemberAccess>;

export function createMemberAccess(deps: { db: Kysely<Database>; crm: CrmPort; ids: CrmIds }): MemberAccessCheck {
  return async function memberAccess(personId, now) {
    if (personId === null) return { kind: "signed-out" };
    const own = latestMembership(await ownMemberships(deps.db, personId));
    if (own && membershipIsValid(own.expires_at, now)) return { kind: "member" };
    const standing = await schoolStanding(deps.crm, deps.ids, personId, now);
    if (standing?.membership) return { kind: "member" };
    const expiries = [own?.expires_at, standing?.latestMembership?.ExpirationDateTime].filter((expiry) => expiry !== undefined);
    const latest = expiries.sort((a, b) => Date.parse(b) - Date.parse(a))[0];
    return latest === undefined ? { kind: "no-membership" } : { kind: "expired", expiredOn: latest };
  };
}
