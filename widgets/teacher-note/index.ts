import { defineWidget } from "../runtime/definition";
import type { TeacherNoteProps } from "./parse";

/** A member's note on one activity, with a draft kept on the device: `data-widget="teacher-note"` (templates/macros/teacher-note.njk). */
export const teacherNoteWidget = defineWidget<TeacherNoteProps>({
  name: "teacher-note",
  // Near the viewport: a resource with many activities fetches only the notes someone scrolls to.
  hydrate: "visible",
  load: () => import("./widget"),
});
