import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { resourceTypeLabel } from "../domain/resource-taxonomy";

/**
 * What templates/pages/resource-student.njk renders: the resource read-only,
 * and under each activity the sharing teacher's note, if any. Nothing else of
 * the teacher's (no name, no email) is read.
 */
export interface StudentView {
  resource: {
    title: string;
    summary: string;
    resourceTypeLabel: string;
    /** Trusted editor HTML from the content files. */
    bodyHtml: string;
    imageUrl: string;
    imageAlt: string;
  };
  activities: {
    heading: string;
    /** Trusted editor HTML. */
    html: string;
    open: boolean;
    /** The teacher's note as lines of plain text (escaped when rendered), or null when there is none. */
    noteLines: string[] | null;
  }[];
}

/** The sharer's notes on some activities, by activity id (the teacher-notes feature's read model). */
export type NotesOn = (constituentId: number, activityIds: readonly number[]) => Promise<Map<number, string>>;

export async function loadStudentView(
  db: Kysely<Database>,
  notesOn: NotesOn,
  link: { resourceId: number; sharerId: number },
): Promise<StudentView | undefined> {
  const row = await db
    .selectFrom("resources")
    .select(["title", "summary", "resource_type", "body_html", "image_url", "image_alt"])
    .where("id", "=", link.resourceId)
    .executeTakeFirst();
  if (!row) return undefined;
  const activities = await db
    .selectFrom("resource_activities")
    .select(["id", "title", "body_html"])
    .where("resource_id", "=", link.resourceId)
    .orderBy("position")
    .execute();
  const notes = await notesOn(link.sharerId, activities.map((activity) => activity.id));
  return {
    resource: {
      title: row.title,
      summary: row.summary,
      resourceTypeLabel: resourceTypeLabel(row.resource_type),
      bodyHtml: row.body_html,
      imageUrl: row.image_url,
      imageAlt: row.image_alt,
    },
    activities: activities.map((activity, index) => {
      const note = notes.get(activity.id);
      return {
        heading: `${index + 1}. ${activity.title}`,
        html: activity.body_html,
        open: index === 0,
        noteLines: note ? note.replace(/\r\n?/g, "\n").split("\n") : null,
      };
    }),
  };
}
