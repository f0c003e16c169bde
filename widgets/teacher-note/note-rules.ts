/*
 * The note rules the browser checks before sending (the server checks the
 * same ones): not blank, at most 10,000 characters counted as a JS string's
 * length after CRLF becomes LF (docs/resource-tools.md).
 */

export const NOTE_MAX_LENGTH = 10_000;

export type NoteProblem = "empty" | "tooLong" | null;

/** Browsers submit a textarea's line breaks as CRLF; the server counts LF, so the widget does too. */
export function normaliseNote(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

export function noteProblem(text: string): NoteProblem {
  const normalised = normaliseNote(text);
  if (normalised.trim() === "") return "empty";
  if (normalised.length > NOTE_MAX_LENGTH) return "tooLong";
  return null;
}

/** "1,234 / 10,000": always with a thousands comma, whatever the browser's locale. */
export function characterCount(text: string, template: string): string {
  const format = (count: number) => count.toLocaleString("en-GB");
  return template.replace("{count}", format(normaliseNote(text).length)).replace("{max}", format(NOTE_MAX_LENGTH));
}
