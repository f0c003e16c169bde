import { sql, type RawBuilder, type SqlBool } from "kysely";

/*
 * "Every word somewhere in these columns", case-insensitive, the same on
 * SQLite and PostgreSQL: the back office's list searches. Each typed word
 * must appear in at least one column; LIKE's own wildcards in a word are
 * taken literally (an explicit ESCAPE, since SQLite has no default one).
 */

/** At most this many words are matched: a search box, not a query language. */
const MOST_WORDS = 8;

/** The typed text's words, lower-cased, for `everyWordIn`. */
export function searchWords(text: string | undefined): string[] {
  return (text ?? "").toLowerCase().split(/\s+/).filter(Boolean).slice(0, MOST_WORDS);
}

/** A condition: `word` appears in one of `columns` (qualified names, e.g. "requests.email"). */
export function wordInColumns(word: string, columns: readonly string[]): RawBuilder<SqlBool> {
  const pattern = `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const tests = columns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(tests, sql` or `)})`;
}
