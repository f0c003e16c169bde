import { foldWord, MAX_TERM_LENGTH, MAX_TERMS } from "../../search/search-terms";

/*
 * How school search cuts text into words, the same for the register and for
 * what is typed (pure). Runs of letters, digits and marks; an apostrophe
 * inside a word joins it ("St Mary's" and "st marys" both give "marys"), so
 * punctuation is ignored both ways; case and accents are folded ("à Becket"
 * is "a becket"). Nothing typed ever reaches an engine as syntax.
 */

const wordPattern = /[\p{L}\p{N}\p{M}]+(?:['’‘ʼ`][\p{L}\p{N}\p{M}]+)*/gu;
const apostrophes = /['’‘ʼ`]/g;

export interface SchoolWord {
  /** The word as compared: folded, apostrophes dropped. */
  key: string;
  /** For "Mary's", also "mary": a name typed without its "'s" still matches whole. */
  alias?: string;
  start: number;
  end: number;
}

export function schoolWordsOf(text: string): SchoolWord[] {
  const words: SchoolWord[] = [];
  for (const match of text.matchAll(wordPattern)) {
    const raw = match[0];
    const key = foldWord(raw.replace(apostrophes, ""));
    if (!key) continue;
    const word: SchoolWord = { key, start: match.index, end: match.index + raw.length };
    const possessive = /^(.+)['’‘ʼ`]s$/iu.exec(raw);
    if (possessive) word.alias = foldWord(possessive[1]!.replace(apostrophes, ""));
    words.push(word);
  }
  return words;
}

/** A query's terms: its words in order, without repeats, at most MAX_TERMS of at most MAX_TERM_LENGTH. */
export function schoolTermsOf(text: string): string[] {
  const terms: string[] = [];
  for (const { key } of schoolWordsOf(text.normalize("NFKC"))) {
    const term = key.slice(0, MAX_TERM_LENGTH);
    if (!terms.includes(term)) terms.push(term);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/** A postcode's words: "WF2 6EQ" is "wf2", "6eq" and "wf26eq", so it is found with or without its space. */
export function postcodeWordsOf(postcode: string): string[] {
  const parts = schoolWordsOf(postcode).map((word) => word.key);
  return parts.length > 1 ? [...parts, parts.join("")] : parts;
}

// Three rows of the distance table, reused: a search measures many words and should not allocate for each.
let rows = [new Int32Array(80), new Int32Array(80), new Int32Array(80)];

/** Optimal string alignment distance (a swap of neighbours is one edit), or `max + 1` once it must exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  if (rows[0]!.length < width) rows = [new Int32Array(width), new Int32Array(width), new Int32Array(width)];
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j < width; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMinimum = i;
    const letter = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = letter === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && letter === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, max + 1);
}
