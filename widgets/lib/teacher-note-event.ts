/**
 * Dispatched (bubbling) on a teacher-note widget's root when the note starts
 * or stops existing: a first save, or a delete. The tools panel listens on
 * the document to keep "Your notes (n)" in step without a reload. It lives in
 * lib because it is the contract between those two widgets, which never
 * import each other.
 */
export const TEACHER_NOTE_CHANGE_EVENT = "teacher-note:change";

export interface TeacherNoteChangeDetail {
  activityId: string;
  /** Whether the activity has a saved note now. */
  hasNote: boolean;
}

export function announceNoteChange(root: HTMLElement, detail: TeacherNoteChangeDetail): void {
  root.dispatchEvent(new CustomEvent<TeacherNoteChangeDetail>(TEACHER_NOTE_CHANGE_EVENT, { bubbles: true, detail }));
}
