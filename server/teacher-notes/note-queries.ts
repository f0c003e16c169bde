import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { resourceUrl } from "../shared/content-urls";

/** An activity of a published resource: what a note hangs off, and the page it sits on. */
export interface NoteActivity {
  id: number;
  title: string;
  resourceSlug: string;
}

/** The activity, when its resource is published by `now`; otherwise undefined (unknown and unpublished both 404). */
export async function visibleActivity(db: Kysely<Database>, activityId: number, now: Date): Promise<NoteActivity | undefined> {
  const row = await db
    .selectFrom("resource_activities as activity")
    .innerJoin("resources", "resources.id", "activity.resource_id")
    .select(["activity.id", "activity.title", "resources.slug"])
    .where("activity.id", "=", activityId)
    .where("resources.published_at", "<=", now.toISOString())
    .executeTakeFirst();
  return row && { id: row.id, title: row.title, resourceSlug: row.slug };
}

export async function findNote(db: Kysely<Database>, constituentId: number, activityId: number) {
  return db
    .selectFrom("teacher_notes")
    .select(["content", "updated_at"])
    .where("constituent_id", "=", constituentId)
    .where("activity_id", "=", activityId)
    .executeTakeFirst();
}

/** Inserts or replaces the person's note on the activity (the primary key makes it one row). */
export async function upsertNote(db: Kysely<Database>, note: { constituentId: number; activityId: number; content: string; at: string }): Promise<void> {
  await db
    .insertInto("teacher_notes")
    .values({ constituent_id: note.constituentId, activity_id: note.activityId, content: note.content, created_at: note.at, updated_at: note.at })
    .onConflict((conflict) => conflict.columns(["constituent_id", "activity_id"]).doUpdateSet({ content: note.content, updated_at: note.at }))
    .execute();
}

/** Whether a note was there to delete. */
export async function deleteNote(db: Kysely<Database>, constituentId: number, activityId: number): Promise<boolean> {
  const result = await db.deleteFrom("teacher_notes").where("constituent_id", "=", constituentId).where("activity_id", "=", activityId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The person's notes on some activities, by activity id (for a resource page: one query). */
export async function notesOn(db: Kysely<Database>, constituentId: number, activityIds: readonly number[]): Promise<Map<number, string>> {
  if (activityIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("teacher_notes")
    .select(["activity_id", "content"])
    .where("constituent_id", "=", constituentId)
    .where("activity_id", "in", activityIds)
    .execute();
  return new Map(rows.map((row) => [row.activity_id, row.content]));
}

/** Every note the person wrote, with the activity and resource it is on, oldest first (their copy of their data). */
export async function notesForExport(db: Kysely<Database>, constituentId: number) {
  const rows = await db
    .selectFrom("teacher_notes")
    .innerJoin("resource_activities as activity", "activity.id", "teacher_notes.activity_id")
    .innerJoin("resources", "resources.id", "activity.resource_id")
    .select(["activity.id as activity_id", "activity.title as activity_title", "resources.title as resource_title", "resources.slug",
      "teacher_notes.content", "teacher_notes.created_at", "teacher_notes.updated_at"])
    .where("teacher_notes.constituent_id", "=", constituentId)
    .orderBy("teacher_notes.created_at")
    .orderBy("activity.id")
    .execute();
  return rows.map((row) => ({
    activityId: row.activity_id,
    activity: row.activity_title,
    resource: row.resource_title,
    url: resourceUrl(row.slug),
    content: row.content,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/** Deletes every note the person wrote (a deleted account). */
export async function deleteNotesOf(db: Kysely<Database>, constituentId: number): Promise<void> {
  await db.deleteFrom("teacher_notes").where("constituent_id", "=", constituentId).execute();
}
