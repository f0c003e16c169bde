import { escapeHtml } from "./excerpt";
import { foldWord, searchTermsOf, wordsOf } from "./search-terms";
import type { SchoolHit, SchoolType } from "./school-search-port";
import { typoCandidates } from "./typo-candidates";

/*
 * What both school search engines share (pure): the query's terms, each a
 * prefix; the typo alternatives of the longer ones; the URN the query may
 * be; and the hit with its name marked.
 */

/** The longest query accepted (accounts spec, section 9); the route answers 400 past it. */
export const MAX_SCHOOL_QUERY_LENGTH = 512;

export interface SchoolQuery {
  terms: string[];
  /** The query as a URN, when it is one number of 5 to 7 digits: that school comes first. */
  urn?: string;
}

export function schoolQueryOf(text: string): SchoolQuery {
  const terms = searchTermsOf(text);
  const urn = terms.length === 1 && /^\d{5,7}$/.test(terms[0]!) ? terms[0] : undefined;
  return urn ? { terms, urn } : { terms };
}

/** For each term, the index words it may have been a typo of (empty when none or too short). */
export function typoAlternativesOf(terms: readonly string[], vocabulary: readonly string[]): string[][] {
  return terms.map((term) => typoCandidates(term, vocabulary));
}

export interface SchoolRow {
  constituent_id: number;
  urn: string | null;
  kind: SchoolType;
  name: string;
  street1: string;
  street2: string;
  street3: string;
  city: string;
  postcode: string;
}

export function schoolHitOf(row: SchoolRow, terms: readonly string[], alternatives: readonly string[][]): SchoolHit {
  const alternativeWords = new Set(alternatives.flat());
  const matches = (word: string) => {
    const folded = foldWord(word);
    return terms.some((term) => folded.startsWith(term)) || alternativeWords.has(folded);
  };
  let highlightedName = "";
  let position = 0;
  for (const { word, start, end } of wordsOf(row.name)) {
    if (!matches(word)) continue;
    highlightedName += `${escapeHtml(row.name.slice(position, start))}<mark>${escapeHtml(word)}</mark>`;
    position = end;
  }
  highlightedName += escapeHtml(row.name.slice(position));
  return {
    constituentId: Number(row.constituent_id),
    name: row.name,
    highlightedName,
    URN: row.urn,
    type: row.kind,
    addressLine1: row.street1,
    addressLine2: row.street2,
    addressLine3: row.street3,
    city: row.city,
    postalCode: row.postcode,
  };
}

/**
 * Keeps an engine's vocabulary for a minute: new schools arrive by import,
 * not by the second, and a word list read on every keystroke would cost more
 * than the search itself.
 */
export function cachedVocabulary(read: () => Promise<string[]>, options: { maxAgeMs?: number; now?: () => number } = {}) {
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const now = options.now ?? Date.now;
  let cached: { words: Promise<string[]>; readAt: number } | undefined;
  return (): Promise<string[]> => {
    const time = now();
    if (!cached || time - cached.readAt > maxAgeMs) {
      const words = read();
      cached = { words, readAt: time };
      words.catch(() => (cached = undefined));
    }
    return cached.words;
  };
}
