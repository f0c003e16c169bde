/*
 * User text -> safe search terms. Only runs of letters, digits and combining
 * marks survive, so quotes, `*`, `:`, `^`, `-`, parentheses and every other
 * operator character of FTS5 or tsquery are separators and never reach an
 * engine. Words such as NEAR, AND, OR and NOT stay as ordinary words: each
 * adapter quotes every term, so the engine reads them as text, not syntax.
 * Pure: no I/O.
 */

/** The longest query text accepted (the routes answer 400 past it). */
export const MAX_QUERY_LENGTH = 256;

/** Terms past this many are ignored: longer queries only narrow the result and cost more. */
export const MAX_TERMS = 8;

/** A single term longer than this is cut (no real word is; a pasted blob is). */
export const MAX_TERM_LENGTH = 64;

const wordPattern = /[\p{L}\p{N}\p{M}]+/gu;
const combiningMarks = /\p{M}+/gu;

/**
 * A word as both engines compare it: lower case, without diacritics
 * (FTS5 `remove_diacritics 2`, PostgreSQL `unaccent`), NFC.
 */
export function foldWord(word: string): string {
  return word.normalize("NFKD").replace(combiningMarks, "").toLowerCase().normalize("NFC");
}

/**
 * The terms of a query, in order, without repeats, at most MAX_TERMS. Every
 * term is matched as a whole word except the last, which is a prefix (the
 * person may still be typing it). An empty array means "nothing to search".
 */
export function searchTermsOf(text: string): string[] {
  const terms: string[] = [];
  for (const [word] of text.normalize("NFKC").matchAll(wordPattern)) {
    const term = foldWord(word).slice(0, MAX_TERM_LENGTH);
    if (term && !terms.includes(term)) terms.push(term);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/** Whether `word` (any case, with or without diacritics) matches term number `index` of `terms`. */
export function wordMatchesTerms(word: string, terms: readonly string[]): boolean {
  const folded = foldWord(word);
  return terms.some((term, index) => (index === terms.length - 1 ? folded.startsWith(term) : folded === term));
}

/** The words of a text with their offsets, as the terms are cut from a query. */
export function wordsOf(text: string): { word: string; start: number; end: number }[] {
  return [...text.matchAll(wordPattern)].map((match) => ({ word: match[0], start: match.index, end: match.index + match[0].length }));
}
