import { enteredText } from "./text-input";

/**
 * Reading what a person submitted, the same way for a JSON body and a plain
 * form post: absent, null and non-text values read as "". Pure, no I/O.
 */

/** `{ field: [messages] }`: the shape of every JSON error response's `errors`. */
export type FieldProblems = Record<string, string[]>;

/** The submitted body as a plain record (anything else reads as empty). */
export function submittedRecord(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A field's text exactly as sent (numbers as their digits). Passwords are read with this: never trimmed. */
export function rawText(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/** A field's text as compared and stored (surrounding white space removed, NFC): names, subjects, emails. */
export function trimmedText(body: Record<string, unknown>, field: string): string {
  return enteredText(rawText(body, field));
}

/** Whether the body names the field at all (an empty value still counts as sent). */
export function hasField(body: Record<string, unknown>, field: string): boolean {
  return Object.hasOwn(body, field);
}

/** Adds a message to a field's list. */
export function addProblem(problems: FieldProblems, field: string, message: string): void {
  (problems[field] ??= []).push(message);
}

export function hasProblems(problems: FieldProblems): boolean {
  return Object.keys(problems).length > 0;
}

/** Length in characters (code points), as a person counts them, not UTF-16 units. */
export function characterCount(text: string): number {
  return [...text].length;
}
