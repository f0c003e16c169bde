/*
 * The teacher-notes capability's front door: from outside server/teacher-notes/,
 * this file is the only one imported (docs/architecture.md, "Import rules").
 */

export { createTeacherNotesService, type NoteActivity, type TeacherNotesService } from "./notes-service";
export { deleteNotesOf, notesForExport } from "./note-queries";
