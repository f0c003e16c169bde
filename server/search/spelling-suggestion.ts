import { distance } from "fastest-levenshtein";
import { foldWord, wordsOf } from "./search-terms";

/*
 * "Did you mean": a query word that is not in the index's titles is replaced
 * by the nearest title word (Levenshtein distance, fastest-levenshtein), the
 * same on both engines: each reads its own titles, this picks. Pure.
 */

/** Words of fewer letters than this are never corrected: too many short words are one edit apart. */
export const SPELLING_MIN_LENGTH = 4;

/** How many edits a word of `length` letters may be from its correction: 1, or 2 from eight letters. */
export function allowedEdits(length: number): number {
  return length >= 8 ? 2 : 1;
}

interface VocabularyWord {
  /** As first written in a title ("Macbeth"), for the link text. */
  display: string;
  /** How many titles hold it: the commoner of two equally near words wins. */
  titles: number;
}

/** Folded title word -> its display form and how many titles hold it. */
export type TitleVocabulary = ReadonlyMap<string, VocabularyWord>;

export function titleVocabularyOf(titles: Iterable<string>): TitleVocabulary {
  const vocabulary = new Map<string, VocabularyWord>();
  for (const title of titles) {
    const seen = new Set<string>();
    for (const { word } of wordsOf(title.normalize("NFKC"))) {
      const folded = foldWord(word);
      if (seen.has(folded)) continue;
      seen.add(folded);
      const known = vocabulary.get(folded);
      if (known) known.titles += 1;
      else vocabulary.set(folded, { display: word, titles: 1 });
    }
  }
  return vocabulary;
}

export interface SpellingCorrection {
  /** The corrected terms, to search with. */
  terms: string[];
  /** The corrected query as a person would write it ("Macbeth"), for "Did you mean …?". */
  text: string;
}

/** The nearest vocabulary word to `term` within its allowed edits, or undefined. */
function nearestWord(term: string, vocabulary: TitleVocabulary): [string, VocabularyWord] | undefined {
  const limit = allowedEdits(term.length);
  let best: { word: string; entry: VocabularyWord; edits: number } | undefined;
  for (const [word, entry] of vocabulary) {
    if (Math.abs(word.length - term.length) > limit) continue;
    const edits = distance(term, word);
    if (edits > limit) continue;
    const better =
      !best || edits < best.edits || (edits === best.edits && (entry.titles > best.entry.titles || (entry.titles === best.entry.titles && word < best.word)));
    if (better) best = { word, entry, edits };
  }
  return best && [best.word, best.entry];
}

/**
 * A correction of `terms` from the title vocabulary, or undefined when every
 * term is a title word already (or the start of one, for the last term) or
 * none has a near enough replacement. Numbers are never corrected.
 */
export function spellingCorrectionOf(terms: readonly string[], vocabulary: TitleVocabulary): SpellingCorrection | undefined {
  let changed = false;
  const corrected = terms.map((term, index) => {
    const known = vocabulary.get(term);
    if (known) return { term, display: known.display };
    const isLast = index === terms.length - 1;
    if (term.length < SPELLING_MIN_LENGTH || /^\d+$/.test(term) || (isLast && [...vocabulary.keys()].some((word) => word.startsWith(term)))) {
      return { term, display: term };
    }
    const nearest = nearestWord(term, vocabulary);
    if (!nearest) return { term, display: term };
    changed = true;
    return { term: nearest[0], display: nearest[1].display };
  });
  if (!changed) return undefined;
  return { terms: corrected.map((word) => word.term), text: corrected.map((word) => word.display).join(" ") };
}
