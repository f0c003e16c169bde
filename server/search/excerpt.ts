import { wordMatchesTerms, wordsOf } from "./search-terms";

/*
 * The excerpt of a hit (docs/search.md, "Excerpt format"): plain text around
 * the first matching word, HTML-escaped, with only <mark>…</mark> inserted
 * around matching words. Built here rather than by FTS5 snippet() or
 * ts_headline() so both engines give the same text. Pure.
 */

/** About how long an excerpt is, in characters of plain text (ellipses not counted). */
export const EXCERPT_LENGTH = 160;

/** How much text comes before the first match, so it reads in context. */
const LEAD_IN = 50;

const ELLIPSIS = "\u2026";

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character]!);
}

/** The window of `text` to show: [start, end), cut at spaces where it can be. */
function windowOf(text: string, firstMatch: number | undefined): [number, number] {
  if (text.length <= EXCERPT_LENGTH) return [0, text.length];
  let start = 0;
  if (firstMatch !== undefined && firstMatch > LEAD_IN) {
    start = Math.min(firstMatch - LEAD_IN, text.length - EXCERPT_LENGTH);
    const space = text.indexOf(" ", start);
    // Start after a space, unless that would skip past the match.
    if (space !== -1 && space < firstMatch) start = space + 1;
  }
  let end = Math.min(text.length, start + EXCERPT_LENGTH);
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start + EXCERPT_LENGTH / 2) end = space;
  }
  return [start, end];
}

/**
 * `text` (plain) cut to about EXCERPT_LENGTH characters around the first
 * word matching `terms`, escaped, matches marked. With no match (a title-only
 * or a fuzzy hit) it is the start of the text, unmarked.
 */
export function markedExcerpt(text: string, terms: readonly string[]): string {
  const words = wordsOf(text);
  const matches = terms.length === 0 ? [] : words.filter(({ word }) => wordMatchesTerms(word, terms));
  const [start, end] = windowOf(text, matches[0]?.start);
  let html = start > 0 ? ELLIPSIS : "";
  let position = start;
  for (const match of matches) {
    if (match.start < start) continue;
    if (match.end > end) break;
    html += `${escapeHtml(text.slice(position, match.start))}<mark>${escapeHtml(text.slice(match.start, match.end))}</mark>`;
    position = match.end;
  }
  html += escapeHtml(text.slice(position, end).trimEnd());
  if (end < text.length) html += ELLIPSIS;
  return html;
}
