import { readI18n } from "../lib/i18n";
import { readOptions, WidgetConfigError } from "../lib/options";

// A type alias, not an interface: readI18n needs a string-keyed record.
export type TeacherNoteStrings = {
  /** The field's label; `{title}` is the activity's title. */
  label: string;
  save: string;
  delete: string;
  /** Hidden after Save and Delete, so each activity's buttons are told apart; `{title}` is the activity's title. */
  namedFor: string;
  /** Under the field; `{count}` and `{max}` are filled in. */
  count: string;
  /** Exact (spec): refused before any call. */
  empty: string;
  tooLong: string;
  /** After a confirmed save; `{time}` is the time of day. */
  saved: string;
  deleted: string;
  /** A failed save: the draft stays on the device. */
  saveFailed: string;
  deleteFailed: string;
  /** Delete asks first, in place of the button. */
  confirmDelete: string;
  confirmDeleteYes: string;
  keepNote: string;
  /** Offered on load when the device holds a draft unlike the saved note; `{time}` is when it was written. */
  draftFound: string;
  restoreDraft: string;
  discardDraft: string;
  draftRestored: string;
  draftDiscarded: string;
  /** Read before each field error by screen readers. */
  errorPrefix: string;
};

export const TEACHER_NOTE_STRINGS: TeacherNoteStrings = {
  label: "Your notes on “{title}”",
  save: "Save note",
  delete: "Delete note",
  namedFor: " on “{title}”",
  count: "{count} / {max}",
  empty: "Note content cannot be empty.",
  tooLong: "Notes can be at most 10,000 characters. Shorten this note and save again.",
  saved: "Saved at {time}.",
  deleted: "Note deleted.",
  saveFailed: "Your note could not be saved. Your text is kept on this device; try again.",
  deleteFailed: "Your note could not be deleted. Try again.",
  confirmDelete: "Delete this note? This cannot be undone.",
  confirmDeleteYes: "Yes, delete note",
  keepNote: "Keep note",
  draftFound: "You have an unsaved draft from {time}.",
  restoreDraft: "Restore draft",
  discardDraft: "Discard draft",
  draftRestored: "Draft restored. Save the note to keep it.",
  draftDiscarded: "Draft discarded.",
  errorPrefix: "Error: ",
};

export interface TeacherNoteProps {
  activityId: string;
  activityTitle: string;
  /** Keys the draft on this device, so two people sharing a browser never see each other's. */
  userKey: string;
  /**
   * The server's textarea. The widget adopts this very element rather than
   * rendering its own, so what is typed while the script loads, the caret and
   * focus all stay as they are.
   */
  field: HTMLTextAreaElement;
  /** The field's id, kept from the server markup so links to it (#note-7-content) still land. */
  fieldId: string;
  /** What the field held when the widget took over (the saved note, a refused post's text, or what was typed meanwhile). */
  initialText: string;
  /** The person typed into the field before the widget took over: their text wins over the fetched note. */
  typedBeforeMount: boolean;
  /** The server rendered a saved note (data-has-note). */
  hasNote: boolean;
  /** The server's message after a refused plain post, kept until the next try. */
  serverError: string | null;
  /** The notes paths' prefix: `<base>/<activityId>/`, `.../save/`, `.../delete/`. */
  endpointBase: string;
  strings: TeacherNoteStrings;
}

const teacherNoteOptions = {
  activityId: { type: "string", default: "" },
  activityTitle: { type: "string", default: "" },
  userKey: { type: "string", default: "" },
  hasNote: { type: "boolean", default: false },
  endpointBase: { type: "string", default: "/resources/notes/" },
} as const;

/**
 * Reads `data-widget="teacher-note"` (templates/macros/teacher-note.njk):
 * data-activity-id, data-activity-title, data-user-key, data-has-note,
 * data-endpoint-base, data-i18n-*, and the field (`textarea[name=content]`).
 */
export function parseTeacherNote(root: HTMLElement): TeacherNoteProps {
  const options = readOptions(root, teacherNoteOptions);
  const activityId = options.activityId.trim();
  const userKey = options.userKey.trim();
  if (activityId === "") throw new WidgetConfigError("teacher-note needs data-activity-id, the activity's id");
  if (userKey === "") throw new WidgetConfigError("teacher-note needs data-user-key, the signed-in person's id (it keys the draft)");
  const field = root.querySelector<HTMLTextAreaElement>('textarea[name="content"]');
  if (!field) throw new WidgetConfigError('teacher-note needs its field, a <textarea name="content">');
  const errorText = root.querySelector(".teacher-note__error")?.textContent?.trim() ?? "";
  const strings = readI18n(root, TEACHER_NOTE_STRINGS);
  return {
    activityId,
    activityTitle: options.activityTitle.trim(),
    userKey,
    field,
    fieldId: field.id || `note-${activityId}-content`,
    initialText: field.value,
    // defaultValue is what the server rendered; value differs once someone has typed.
    typedBeforeMount: field.value !== field.defaultValue,
    hasNote: options.hasNote,
    serverError: errorText === "" ? null : errorText.replace(strings.errorPrefix.trim(), "").trim() || null,
    endpointBase: options.endpointBase,
    strings,
  };
}
