/*
 * Editor HTML -> the plain text the index holds. PostgreSQL runs the same
 * rules in SQL (function search_plain_text, migration 0008); SQLite calls this
 * function from its triggers (registered on every connection by
 * server/db/database.ts). Keep the two in step.
 */

const tag = /<[^>]*>/g;
const whitespace = /\s+/g;

/** Tags become spaces, the five entities editors' HTML uses are decoded (&amp; last), whitespace collapses. */
export function htmlToPlainText(html: string | null | undefined): string {
  return (html ?? "")
    .replace(tag, " ")
    .replaceAll("&nbsp;", " ")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&")
    .replace(whitespace, " ")
    .trim();
}
