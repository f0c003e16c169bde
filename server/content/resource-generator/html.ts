const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/** Escapes text for HTML element content (the generator never interpolates into attributes). */
function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** A template tag for the generator's HTML: interpolated values are escaped, the literal markup is not. */
export function html(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce((output, literal, index) => {
    const value = index < values.length ? escapeText(String(values[index])) : "";
    return output + literal + value;
  }, "");
}
