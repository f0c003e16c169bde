import { controlCharactersMessage, hasControlCharacters } from "./text-input";

/*
 * What a teacher's note on an activity may hold (issue 13; accounts spec,
 * section 5). The teacher-note widget checks the same rule before it saves;
 * the server checks it again on every save.
 */

export const NOTE_MAX_LENGTH = 10_000;
export const NOTE_EMPTY_MESSAGE = "Note content cannot be empty.";
export const NOTE_TOO_LONG_MESSAGE = "Notes can be at most 10,000 characters. Shorten this note and save again.";
export const NOTE_CONTROL_CHARACTERS_MESSAGE = controlCharactersMessage("your note");

export type NoteContentCheck = { ok: true; content: string } | { ok: false; message: string; content: string };

/**
 * The note as stored: line breaks normalised to LF (a form posts CRLF), then
 * counted as a JavaScript string's length. Blank (only whitespace) is refused,
 * and so is any control character but tab and line feed; otherwise the text
 * is kept exactly as typed, spaces included.
 */
export function checkNoteContent(value: unknown): NoteContentCheck {
  const content = typeof value === "string" ? value.replace(/\r\n?/g, "\n") : "";
  if (content.trim() === "") return { ok: false, message: NOTE_EMPTY_MESSAGE, content };
  if (content.length > NOTE_MAX_LENGTH) return { ok: false, message: NOTE_TOO_LONG_MESSAGE, content };
  // Line breaks and tabs are the teacher's layout; other control characters are never typed.
  if (hasControlCharacters(content, { multiline: true })) return { ok: false, message: NOTE_CONTROL_CHARACTERS_MESSAGE, content };
  return { ok: true, content };
}

/**
 * A refused no-JavaScript save, carried to the page it redirects to
 * (server/http/note-draft.ts) so the activity's textarea holds what was typed.
 */
export interface NoteDraft {
  activityId: number;
  /** Plain text; the template escapes it. */
  content: string;
  error: string;
}
