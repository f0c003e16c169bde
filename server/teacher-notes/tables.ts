/*
 * Row type for teacher_notes (migration 0016_teacher_notes.ts). The share-links
 * branch carries a copy of the notes branch's type so its student view can read
 * notes; the lead keeps one at merge.
 */

export interface TeacherNotesTable {
  constituent_id: number;
  activity_id: number;
  content: string;
  /** ISO 8601 UTC text. */
  created_at: string;
  updated_at: string;
}

export interface TeacherNoteTables {
  teacher_notes: TeacherNotesTable;
}
