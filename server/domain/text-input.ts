/*
 * Rules for text a person types, shared by every field reader (issue 22,
 * items 10 and 11). Pure, no I/O.
 *
 * Control characters (C0 U+0000–U+001F, DEL U+007F, C1 U+0080–U+009F) are
 * never typed on purpose: in a name or an address they are invisible on the
 * page yet rewrite a terminal (ESC), ring bells (BEL) or split a mail header
 * (CR, LF). So a field that holds them is refused with a message saying so,
 * rather than cleaned, since the person should see what was sent. Only a
 * multi-line field (a message, a note) keeps tab, line feed and carriage return.
 */

// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/u;
/** The same, less tab (U+0009), line feed (U+000A) and carriage return (U+000D). */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;

export interface TextShape {
  /** A message or a note: tabs and line breaks are the person's own. */
  multiline?: boolean;
}

export function controlCharactersMessage(label: string): string {
  return `Remove the hidden control characters from ${label}.`;
}

/** Whether the text holds a control character its field does not allow. */
export function hasControlCharacters(value: string, shape: TextShape = {}): boolean {
  return (shape.multiline ? CONTROL_CHARACTERS_BUT_LINE_BREAKS : CONTROL_CHARACTERS).test(value);
}

/**
 * The message for a field holding control characters, or undefined when it
 * holds none. `label` names the field as the sentence needs it ("your first
 * name", "the postcode").
 */
export function controlCharacterProblem(value: string, label: string, shape: TextShape = {}): string | undefined {
  return hasControlCharacters(value, shape) ? controlCharactersMessage(label) : undefined;
}

/**
 * Search text with each control character read as a space. Search only
 * reads text, never stores or shows it as sent, so nothing is gained by
 * refusing a pasted tab; the terms around it are still searched.
 */
export function withoutControlCharacters(value: string): string {
  return value.replace(new RegExp(CONTROL_CHARACTERS.source, "gu"), " ");
}

/**
 * Typed text as compared and stored: surrounding white space removed and
 * composed to Unicode NFC, so "José" typed with a combining accent (NFD, as
 * some keyboards and macOS file names send it) is the same name as the
 * precomposed one.
 */
export function enteredText(value: string): string {
  return value.trim().normalize("NFC");
}
