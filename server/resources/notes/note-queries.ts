import { hotQuery } from "../../db/hot-query";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { activitiesById, publishedActivity } from "../resource-lookups";
import { resourceUrl } from "../../shared/content-urls";

/** An activity of a published resource: what a note hangs off, and the page it sits on. */
export interface NoteActivity {
  id: number;
  title: string;
  resourceSlug: string;
}

/** The activity, when its resource is published by `now`; otherwise undefined (unknown and unpublished both 404). */
export async function visibleActivity(db: Kysely<Database>, activityId: number, now: Date): Promise<NoteActivity | undefined> {
  const activity = await publishedActivity(db, activityId, now);
  return activity && { id: activity.id, title: activity.title, resourceSlug: activity.resource.slug };
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
/** Read for every member's resource page: compiled once per number of activities (db/hot-query.ts). */
const notesOnActivities = hotQuery((db, constituentId: number, activityIds: readonly number[]) =>
  db.selectFrom("teacher_notes").select(["activity_id", "content"]).where("constituent_id", "=", constituentId).where("activity_id", "in", activityIds),
);

export async function notesOn(db: Kysely<Database>, constituentId: number, activityIds: readonly number[]): Promise<Map<number, string>> {
  if (activityIds.length === 0) return new Map();
  const rows = await notesOnActivities(db, constituentId, activityIds);
  return new Map(rows.map((row) => [row.activity_id, row.content]));
}

/** Every note the person wrote, with the activity and resource it is on, oldest first (their copy of their data). */
export async function notesForExport(db: Kysely<Database>, constituentId: number) {
  const notes = await db
    .selectFrom("teacher_notes")
    .select(["activity_id", "content", "created_at", "updated_at"])
    .where("constituent_id", "=", constituentId)
    .orderBy("created_at")
    .orderBy("activity_id")
    .execute();
  const activities = await activitiesById(db, notes.map((note) => note.activity_id));
  // An activity deleted between the two reads takes its notes with it (on delete cascade).
  return notes.flatMap((note) => {
    const activity = activities.get(note.activity_id);
    if (!activity) return [];
    return [{
      activityId: note.activity_id,
      activity: activity.title,
      resource: activity.resource.title,
      url: resourceUrl(activity.resource.slug),
      content: note.content,
      createdAt: note.created_at,
      updatedAt: note.updated_at,
    }];
  });
}

/** Deletes every note the person wrote (a deleted account). */
export async function deleteNotesOf(db: Kysely<Database>, constituentId: number): Promise<void> {
  await db.deleteFrom("teacher_notes").where("constituent_id", "=", constituentId).execute();
}
