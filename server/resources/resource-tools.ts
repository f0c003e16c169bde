import { resourceUrl } from "../shared/content-urls";
import type { SaveControl, Viewer } from "./save-controls";

/*
 * A member's extras on a resource page: the note under each activity and the
 * tools panel. Shapes are the macros' params (templates/macros/teacher-note.njk,
 * templates/macros/tools-panel.njk; issue 13's markup contract).
 */

/** teacherNote(note) */
export interface TeacherNote {
  activityId: number;
  activityTitle: string;
  /** The constituent id as text: the widget keys its local draft by it. */
  userKey: string;
  /** The saved note, or "". */
  content: string;
  csrfToken: string;
  /** This page with the note's anchor, for the forms' `next`. */
  returnPath: string;
  /** Why the last save was refused, with what was typed then. */
  error?: string;
  draft?: string;
}

/** The share-dialog fields of the tools panel. */
export interface ShareTools {
  pageUrl: string;
  resourceId: number;
  resourceType: string;
  resourceTitle: string;
  studentLink: string;
  teacherLink: string;
  studentToken: string;
  teacherToken: string;
  csrfToken: string;
}

/** The person's live share links for the resource, by type (server/share-links/share-links-for.ts). */
export type ExistingShareLinks = Partial<Record<"student" | "teacher", { link: string; token: string }>>;

/** toolsPanel(tools) */
export interface ResourceTools {
  id: string;
  save: SaveControl;
  share: ShareTools | null;
  notesHref: string | null;
  notesCount: number;
}

export function memberTools(
  resource: { id: number; resource_type: string; slug: string; title: string },
  save: SaveControl,
  viewer: Viewer,
  counts: { activityCount: number; notesCount: number; shareLinks: ExistingShareLinks },
): ResourceTools {
  const { activityCount, notesCount, shareLinks } = counts;
  return {
    id: "resource-tools",
    save,
    // Links made before are shown as they are: a link is generated once, then reused.
    share: {
      pageUrl: `${resourceUrl(resource.slug)}share/`,
      resourceId: resource.id,
      resourceType: resource.resource_type,
      resourceTitle: resource.title,
      studentLink: shareLinks.student?.link ?? "",
      teacherLink: shareLinks.teacher?.link ?? "",
      studentToken: shareLinks.student?.token ?? "",
      teacherToken: shareLinks.teacher?.token ?? "",
      csrfToken: viewer.csrfToken,
    },
    notesHref: activityCount > 0 ? "#resource-activities" : null,
    notesCount,
  };
}
