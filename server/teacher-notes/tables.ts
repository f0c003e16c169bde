/*
 * Kysely row type for teacher_notes (server/db/migrations/0016_teacher_notes.ts).
 * Conventions as server/resources/tables.ts: integer ids, ISO 8601 UTC text timestamps.
 */

export interface TeacherNotesTable {
  constituent_id: number;
  activity_id: number;
  /** Plain text, LF line breaks; shown escaped, never as markup. */
  content: string;
  created_at: string;
  updated_at: string;
}

export interface TeacherNoteTables {
  teacher_notes: TeacherNotesTable;
}
