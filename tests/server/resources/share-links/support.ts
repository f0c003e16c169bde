import type { Kysely } from "kysely";
import type { Database } from "../../../../server/db/schema";
import { addPerson, inAYear } from "../../accounts/support";
import { signedInBrowser, type Agent } from "../../my-account/support";
import type { TestApp } from "../../support/test-app";
import { addResources } from "../save-support";

export const GENERATE_PATH = "/resources/generate-shareable-link/";

/** A published resource with three activities (ids returned in order), and one not published yet. */
export async function addShareableResources(db: Kysely<Database>): Promise<{ activityIds: number[] }> {
  await addResources(db, [
    { id: 21, type: "lesson-plan", slug: "macbeth-banquet", title: "Macbeth: the banquet" },
    { id: 22, type: "video", slug: "tempest-storm", title: "The Tempest: the storm" },
    { id: 23, type: "guide", slug: "not-yet", title: "Not published yet", publishedInDays: 3 },
  ]);
  const activityIds: number[] = [];
  for (const [position, title] of ["Warm up", "The ghost appears", "Reflect"].entries()) {
    const { id } = await db
      .insertInto("resource_activities")
      .values({ resource_id: 21, position, title, body_html: `<p>Steps for ${title}</p>` })
      .returning("id")
      .executeTakeFirstOrThrow();
    activityIds.push(id);
  }
  return { activityIds };
}

export interface Person {
  id: number;
  email: string;
  agent: Agent;
  token: string;
}

/** Someone signed in, with a membership of their own valid for a year unless `member: false`. */
export async function signedInPerson(t: TestApp, email: string, options: { member?: boolean } = {}): Promise<Person> {
  const id = await addPerson(t.database.db, { email, membershipExpiresAt: options.member === false ? undefined : inAYear() });
  return { id, email, ...(await signedInBrowser(t.app, email)) };
}

export async function addNote(db: Kysely<Database>, constituentId: number, activityId: number, content: string): Promise<void> {
  const at = new Date().toISOString();
  await db.insertInto("teacher_notes").values({ constituent_id: constituentId, activity_id: activityId, content, created_at: at, updated_at: at }).execute();
}

/** Ends everyone's own memberships of this person (as of yesterday). */
export async function endMembership(db: Kysely<Database>, constituentId: number): Promise<void> {
  await db
    .updateTable("memberships")
    .set({ expires_at: new Date(Date.now() - 86_400_000).toISOString() })
    .where("constituent_id", "=", constituentId)
    .execute();
}

/** The path of an absolute share link. */
export function pathOf(link: string): string {
  return new URL(link).pathname;
}
