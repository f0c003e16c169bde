import { addPerson, browserOnLoginPage, inAYear, signInAs } from "../accounts/support";
import { sessionCookieOf } from "../support/pages";
import type { TestApp } from "../support/test-app";

/** What a member has of resource 1 (resource-fixtures.ts) before their first page view. */
export interface MemberOptions {
  note?: string;
  saved?: boolean;
  shareToken?: string;
}

let people = 0;

/** A new member, signed in; their session cookie works on every app of the same services (one store). */
export async function signedInMember(t: TestApp, activityIds: number[], options: MemberOptions = {}) {
  const email = `member${++people}@example.org`;
  const id = await addPerson(t.database.db, { email, membershipExpiresAt: inAYear() });
  const at = new Date().toISOString();
  if (options.note) await t.database.db.insertInto("teacher_notes").values({ constituent_id: id, activity_id: activityIds[0]!, content: options.note, created_at: at, updated_at: at }).execute();
  if (options.saved) await t.database.db.insertInto("saved_resources").values({ constituent_id: id, resource_id: 1, saved_at: at }).execute();
  if (options.shareToken) {
    await t.database.db
      .insertInto("share_links")
      .values({ token: options.shareToken, constituent_id: id, resource_id: 1, resource_type: "lesson-plan", type: "student", created_at: at, revoked_at: null })
      .execute();
  }
  const { agent, token } = await browserOnLoginPage(t.app);
  const cookie = sessionCookieOf(await signInAs(agent, token, email))!.split(";")[0]!;
  return { id, email, cookie };
}

