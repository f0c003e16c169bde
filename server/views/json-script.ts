/**
 * JSON that is safe inside <script type="application/json">: `<`, `>` and `&`
 * can't close the element or start a comment, and U+2028/U+2029 can't break
 * older JavaScript parsers. Every one of them stays valid JSON as \uXXXX.
 */
export function jsonScript(value: unknown): string {
  return (JSON.stringify(value) ?? "null").replace(/[<>&\u2028\u2029]/g, (character) => unicodeEscape(character));
}

function unicodeEscape(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}
