import { enteredText } from "../domain/text-input";

/**
 * Reading fields from a parsed body or query (JSON or urlencoded). Anything
 * that is not a single string (a missing field, an array from a repeated
 * form field, a JSON object) reads as "", so validation sees one shape.
 */
export function textField(source: unknown, name: string): string {
  if (typeof source !== "object" || source === null) return "";
  const value = (source as Record<string, unknown>)[name];
  return typeof value === "string" ? value : "";
}

/** A typed text field as compared and stored (trimmed, NFC): names, phone numbers. Never use it for passwords. */
export function trimmedField(source: unknown, name: string): string {
  return enteredText(textField(source, name));
}
