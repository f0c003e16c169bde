import { escapeHtml } from "../../search/excerpt";
import { foldWord, searchTermsOf, wordsOf } from "../../search/search-terms";
import type { Selectable } from "kysely";
import type { Database } from "../../db/schema";
import { schoolTypeOf } from "../../domain/school-kind";
import type { SchoolHit } from "./school-search-port";
import { typoCandidates } from "../../search/typo-candidates";

/*
 * What both school search engines share (pure): the query's terms, each a
 * prefix; the typo alternatives of the longer ones; the URN the query may
 * be; and the hit with its name marked.
 */

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

/** What both engines read back for a hit: the register's row (migration 0011). */
export type SchoolRow = Omit<Selectable<Database["schools"]>, "updated_at">;

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
    type: schoolTypeOf(row.kind),
    addressLine1: row.street1,
    addressLine2: row.street2,
    addressLine3: row.street3,
    city: row.city,
    postalCode: row.postcode,
  };
}

/** What an engine supplies to `findInTwoPasses`: its queries, in its own syntax. */
export interface SchoolSearchEngine {
  /** Rows matching every term as a prefix, or (with alternatives) as a prefix or one of its alternatives. */
  rows(terms: readonly string[], alternatives: readonly string[][] | undefined, urn: string | undefined, limit: number, excluded: readonly number[]): Promise<SchoolRow[]>;
  vocabulary(): Promise<string[]>;
}

/**
 * First every term as a prefix; only when that leaves room, a second pass in
 * which a longer term may also be one of its typo alternatives. So exact
 * matches always come first, and the word list is read only when needed.
 */
export async function findInTwoPasses(engine: SchoolSearchEngine, text: string, limit: number) {
  const { terms, urn } = schoolQueryOf(text);
  if (terms.length === 0) return [];
  const noAlternatives = terms.map(() => []);
  const exact = await engine.rows(terms, undefined, urn, limit, []);
  if (exact.length === limit) return exact.map((row) => schoolHitOf(row, terms, noAlternatives));
  const alternatives = typoAlternativesOf(terms, await engine.vocabulary());
  if (alternatives.every((words) => words.length === 0)) return exact.map((row) => schoolHitOf(row, terms, noAlternatives));
  const near = await engine.rows(terms, alternatives, urn, limit - exact.length, exact.map((row) => row.constituent_id));
  return [...exact, ...near].map((row) => schoolHitOf(row, terms, alternatives));
}
