import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { resourceTypeLabel } from "../../domain/resource-taxonomy";
import { resourceForReading } from "../resource-lookups";

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
  const row = await resourceForReading(db, link.resourceId);
  if (!row) return undefined;
  const { activities } = row;
  const notes = await notesOn(link.sharerId, activities.map((activity) => activity.id));
  return {
    resource: {
      title: row.title,
      summary: row.summary,
      resourceTypeLabel: resourceTypeLabel(row.resourceType),
      bodyHtml: row.bodyHtml,
      imageUrl: row.imageUrl,
      imageAlt: row.imageAlt,
    },
    activities: activities.map((activity, index) => {
      const note = notes.get(activity.id);
      return {
        heading: `${index + 1}. ${activity.title}`,
        html: activity.bodyHtml,
        open: index === 0,
        noteLines: note ? note.replace(/\r\n?/g, "\n").split("\n") : null,
      };
    }),
  };
}
