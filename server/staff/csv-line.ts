/*
 * One line of a CSV file (RFC 4180) for the back office's exports: a field
 * holding a comma, quote or line break is quoted, quotes doubled. A text
 * field a spreadsheet would read as a formula (starting =, +, -, @, or a tab
 * or carriage return) gets a leading apostrophe, so an export opened in
 * Excel never runs what someone typed into their name (OWASP, "CSV
 * Injection"). Numbers are written as they are. Pure.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The fields as one CSV record, ending in CRLF as RFC 4180 asks. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
