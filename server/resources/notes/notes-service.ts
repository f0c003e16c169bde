import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { checkNoteContent } from "../../domain/teacher-note-content";
import type { MemberAccessReader } from "../../memberships";
import { deleteNote, findNote, notesOn, upsertNote, visibleActivity, type NoteActivity } from "./note-queries";

/*
 * One note per person per activity (docs/resources.md, "Teacher notes").
 * Every call is about the caller's own note: there is no way to name another
 * person's, so someone else's note is simply "none" (404). An activity of an
 * unknown or unpublished resource is 404 too. Only members may write a note;
 * reading or deleting one's own note needs no membership (it is their own text).
 */

export type { NoteActivity };

/** "none": the activity is there but the person has no note on it, which reads as an empty note (issue 24). */
export type NoteRead = { kind: "not-found" } | { kind: "none" } | { kind: "note"; content: string; updatedAt: string };

export type NoteSave =
  | { kind: "not-found" }
  | { kind: "not-member" }
  | { kind: "invalid"; activity: NoteActivity; message: string; content: string }
  | { kind: "saved"; activity: NoteActivity; content: string; updatedAt: string };

export type NoteDelete = { kind: "not-found"; activity?: NoteActivity } | { kind: "deleted"; activity: NoteActivity };

export interface TeacherNotesService {
  read(constituentId: number, activityId: number, now: Date): Promise<NoteRead>;
  save(constituentId: number, activityId: number, content: unknown, now: Date): Promise<NoteSave>;
  delete(constituentId: number, activityId: number, now: Date): Promise<NoteDelete>;
  /** The person's notes on some activities, by activity id (the resource page's read model). */
  notesOn(constituentId: number, activityIds: readonly number[]): Promise<Map<number, string>>;
}

export function createTeacherNotesService(deps: { db: Kysely<Database>; memberAccess: MemberAccessReader }): TeacherNotesService {
  const { db, memberAccess } = deps;
  return {
    async read(constituentId, activityId, now) {
      if (!(await visibleActivity(db, activityId, now))) return { kind: "not-found" };
      const note = await findNote(db, constituentId, activityId);
      return note ? { kind: "note", content: note.content, updatedAt: note.updated_at } : { kind: "none" };
    },

    async save(constituentId, activityId, content, now) {
      const activity = await visibleActivity(db, activityId, now);
      if (!activity) return { kind: "not-found" };
      if ((await memberAccess(constituentId, now)).kind !== "member") return { kind: "not-member" };
      const checked = checkNoteContent(content);
      if (!checked.ok) return { kind: "invalid", activity, message: checked.message, content: checked.content };
      const at = now.toISOString();
      await upsertNote(db, { constituentId, activityId, content: checked.content, at });
      return { kind: "saved", activity, content: checked.content, updatedAt: at };
    },

    async delete(constituentId, activityId, now) {
      const activity = await visibleActivity(db, activityId, now);
      if (!activity) return { kind: "not-found" };
      return (await deleteNote(db, constituentId, activityId)) ? { kind: "deleted", activity } : { kind: "not-found", activity };
    },

    notesOn: (constituentId, activityIds) => notesOn(db, constituentId, activityIds),
  };
}
