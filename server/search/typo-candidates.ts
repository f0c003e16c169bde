/*
 * Typo tolerance for school search, the same on both engines: a query word of
 * five or more letters also matches index words one edit away (a letter
 * added, dropped, changed, or two neighbours swapped: "Oakfeild" finds
 * "Oakfield"), whether the word is complete or still being typed. Pure.
 */

/** Shorter words are one edit away from too many others for a match to mean anything. */
export const TYPO_MIN_LENGTH = 5;

/** At most this many alternatives per query word, so a query stays small. */
export const MAX_CANDIDATES_PER_TERM = 12;

/** Whether a and b are at most one edit apart (optimal string alignment distance <= 1). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const lengthGap = a.length - b.length;
  if (Math.abs(lengthGap) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  if (lengthGap === 0) {
    const restA = a.slice(start + 1);
    const restB = b.slice(start + 1);
    if (restA === restB) return true; // one letter changed
    // two neighbours swapped
    return a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2);
  }
  // one letter added or dropped
  return lengthGap > 0 ? a.slice(start + 1) === b.slice(start) : a.slice(start) === b.slice(start + 1);
}

/**
 * Index words that `term` may have been meant as: words one edit from it, or
 * words that start with something one edit from it (the person is still
 * typing). Never the term itself, and never for words shorter than TYPO_MIN_LENGTH
 * or for numbers (a URN is typed exactly).
 */
export function typoCandidates(term: string, vocabulary: readonly string[]): string[] {
  if (term.length < TYPO_MIN_LENGTH || /^\d+$/.test(term)) return [];
  const candidates: string[] = [];
  for (const word of vocabulary) {
    if (word.length < term.length - 1 || word === term || word.startsWith(term)) continue;
    const near =
      withinOneEdit(term, word) ||
      withinOneEdit(term, word.slice(0, term.length)) ||
      withinOneEdit(term, word.slice(0, term.length + 1)) ||
      withinOneEdit(term, word.slice(0, term.length - 1));
    if (near) {
      candidates.push(word);
      if (candidates.length === MAX_CANDIDATES_PER_TERM) break;
    }
  }
  return candidates;
}
