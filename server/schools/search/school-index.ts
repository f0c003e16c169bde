import { NameWords, schoolHitOf } from "./school-hits";
import type { SchoolHit } from "./school-search-port";
import type { SchoolRow } from "./school-search-query";
import { editDistance, postcodeWordsOf, schoolWordsOf } from "./school-words";

/*
 * The school register as an in-memory word index (docs/schools.md, "Search"):
 * every word of every school's name, place, postcode and URN, with the
 * schools that have it; the words in order, for prefixes; and each word's
 * letter pairs, for typos (a misspelling shares most of the pairs of the word
 * meant; those few candidates are then measured). Built from the register's
 * rows in one pass, queried with no I/O, and the same whichever database the
 * rows came from. Pure.
 */

const NAME = 1;
const PLACE = 2; // town, locality
const POSTCODE = 4;
const URN = 8;
const STREET = 16;

/** How well a term matched a word, best first; a match in the street counts half. */
const EXACT = 4;
const PREFIX = 3;
const ONE_TYPO = 2;
const TWO_TYPOS = 1;

/** Typos are forgiven in words this long (one), or LONG_WORD (two); shorter words and numbers are typed exactly. */
export const TYPO_MIN_LENGTH = 5;
export const LONG_WORD = 8;

/** A look-up of one word among a school's own words, against a step through a word's schools (measured: docs/search.md). */
const LOOK_UP_COST = 4;

/** Words whose matches are kept between queries, per index (a few MB at most); past it the list starts again. */
const MAX_KNOWN_TERMS = 20_000;

/**
 * A term with at least this many schools, looked up among candidates, gets a table of what it gives each school (a
 * byte a school), kept for the next query: a look-up is then one read, not a search among the school's words.
 */
const TABLE_MIN_POSTINGS = 1_000;
/** Tables kept at most (each a byte per school: 30 kB for 30,000 schools); the least recently used goes first. */
const MAX_TABLES = 128;
/** A table's byte: the term's best score in the school (1 to 8), and whether it matched the name, exactly. */
const TABLE_SCORE = 15;
const TABLE_NAME = 16;
const TABLE_EXACT_NAME = 32;

export interface SchoolIndex {
  readonly size: number;
  /** The best `limit` schools for a query's terms (schoolTermsOf). */
  find(terms: readonly string[], limit: number): SchoolHit[];
}

function pairsOf(word: string): string[] {
  const pairs: string[] = [];
  for (let at = 0; at + 1 < word.length; at++) pairs.push(word.slice(at, at + 2));
  return pairs;
}

/** Whether `word` starts with something one edit from `term` (a letter dropped, added, changed or swapped). */
function startsWithinOneEdit(term: string, word: string): boolean {
  for (const length of [term.length, term.length + 1, term.length - 1]) if (editDistance(term, word.slice(0, length), 1) <= 1) return true;
  return false;
}

const typoEligible = (word: string) => word.length >= TYPO_MIN_LENGTH - 1 && !/\d/.test(word);

export function buildSchoolIndex(rows: readonly SchoolRow[]): SchoolIndex {
  const wordIds = new Map<string, number>();
  const words: string[] = [];
  const postingDocs: number[][] = [];
  const postingFields: number[][] = [];
  const nameLength = new Uint8Array(rows.length);
  const isState = new Uint8Array(rows.length);
  const folded: string[] = [];

  const names = new NameWords();

  const add = (word: string, doc: number, field: number): number => {
    let id = wordIds.get(word);
    if (id === undefined) {
      id = words.length;
      wordIds.set(word, id);
      words.push(word);
      postingDocs.push([]);
      postingFields.push([]);
    }
    const docs = postingDocs[id]!;
    const fields = postingFields[id]!;
    if (docs[docs.length - 1] === doc) fields[fields.length - 1]! |= field;
    else {
      docs.push(doc);
      fields.push(field);
    }
    return id;
  };

  rows.forEach((row, doc) => {
    const nameWords = schoolWordsOf(row.name);
    nameLength[doc] = Math.min(255, new Set(nameWords.map((word) => word.key)).size);
    names.add(row.name, nameWords, (word) => ({ id: add(word.key, doc, NAME), aliasId: word.alias ? add(word.alias, doc, NAME) : -1 }));
    for (const text of [row.city, row.street2, row.street3]) for (const word of schoolWordsOf(text)) add(word.key, doc, PLACE);
    for (const word of schoolWordsOf(row.street1)) add(word.key, doc, STREET);
    for (const word of postcodeWordsOf(row.postcode)) add(word, doc, POSTCODE);
    if (row.urn) add(row.urn, doc, URN);
    isState[doc] = row.kind === "state" ? 1 : 0;
    folded.push(row.name.toLowerCase());
  });

  // Word ids renumbered in alphabetical order: the words a prefix starts are then one range of ids, their postings one
  // stretch of the flat arrays below, and a candidate's among its own words one search for the range's start.
  const rankOf = new Int32Array(words.length);
  words
    .map((_, id) => id)
    .sort((a, b) => (words[a]! < words[b]! ? -1 : 1))
    .forEach((id, rank) => (rankOf[id] = rank));
  renumber(words, rankOf);
  renumber(postingDocs, rankOf);
  renumber(postingFields, rankOf);
  words.forEach((word, id) => wordIds.set(word, id));

  // All postings in two flat arrays, word `id`'s from postingStart[id] to postingStart[id + 1]: a handful of objects
  // instead of two per word, so a full garbage collection does not have to walk tens of thousands of them.
  const postingStart = new Int32Array(words.length + 1);
  postingDocs.forEach((docs, id) => (postingStart[id + 1] = postingStart[id]! + docs.length));
  const allDocs = new Int32Array(postingStart[words.length]!);
  const allFields = new Uint8Array(postingStart[words.length]!);
  postingDocs.forEach((docs, id) => {
    allDocs.set(docs, postingStart[id]!);
    allFields.set(postingFields[id]!, postingStart[id]!);
  });
  postingDocs.length = 0;
  postingFields.length = 0;
  const postingCount = (id: number) => postingStart[id + 1]! - postingStart[id]!;
  // The same postings by school: school `doc`'s words, in id order, from docStart[doc] to docStart[doc + 1], with their
  // fields. Whether a candidate has a word is then a search among its own dozen or so words, close together, not
  // among the word's thousands of schools ("primary", "school").
  const docStart = new Int32Array(rows.length + 1);
  for (let at = 0; at < allDocs.length; at++) docStart[allDocs[at]! + 1]!++;
  for (let doc = 0; doc < rows.length; doc++) docStart[doc + 1]! += docStart[doc]!;
  const docWords = new Int32Array(allDocs.length);
  const docFields = new Uint8Array(allDocs.length);
  const filled = docStart.slice(0, rows.length);
  for (let id = 0; id < words.length; id++) {
    for (let at = postingStart[id]!, end = postingStart[id + 1]!; at < end; at++) {
      const slot = filled[allDocs[at]!]!++;
      docWords[slot] = id;
      docFields[slot] = allFields[at]!;
    }
  }
  // Each school's place in name order, then id: a tie is broken by comparing two numbers, not two names.
  const nameOrder = new Int32Array(rows.length);
  const byName = Array.from(rows.keys()).sort((a, b) => (folded[a]! < folded[b]! ? -1 : folded[a]! > folded[b]! ? 1 : a - b));
  byName.forEach((doc, rank) => (nameOrder[doc] = rank));
  // Each letter pair's typo-eligible words: a misspelling shares most of its pairs with the word meant.
  const pairLists = new Map<string, number[]>();
  words.forEach((word, id) => {
    if (!typoEligible(word)) return;
    for (const pair of new Set(pairsOf(word))) {
      const ids = pairLists.get(pair);
      if (ids) ids.push(id);
      else pairLists.set(pair, [id]);
    }
  });
  const wordsWithPair = new Map([...pairLists].map(([pair, ids]) => [pair, Int32Array.from(ids)]));
  const sharedPairs = new Uint8Array(words.length);
  const noWords = new Int32Array(0);

  /** The first word id (ids are in alphabetical order) whose word is not before `prefix`. */
  const lowerBound = (prefix: string) => {
    let low = 0;
    let high = words.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (words[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  /**
   * Every word a term may mean, with how well it matches: the words it starts (ids `from` to `to`, itself among them
   * as EXACT), or only itself; and in `found`, the words a typo or two away.
   */
  function matchesOf(term: string, isLast: boolean): { from: number; to: number; found: Map<number, number> } {
    const found = new Map<number, number>();
    const exact = wordIds.get(term);
    let from = 0;
    let to = 0;
    // The last term is a prefix (it may still be being typed); an earlier one only when it is no word itself ("oakf prim").
    if (isLast || exact === undefined) {
      from = lowerBound(term);
      to = from;
      while (to < words.length && words[to]!.startsWith(term)) to++;
    } else found.set(exact, EXACT);
    const inRange = (id: number) => id >= from && id < to;
    if (term.length < TYPO_MIN_LENGTH || /\d/.test(term)) return { from, to, found };
    const allowed = term.length >= LONG_WORD ? 2 : 1;
    // An edit changes at most three letter pairs (a swap: "feil" and "fiel"), so a word `allowed` edits away shares all but
    // 2 * allowed + 1 of them and is in one of the rarest that many + 1 pairs' lists; the commoner lists are only searched for those words.
    const pairs = [...new Set(pairsOf(term))].map((pair) => wordsWithPair.get(pair) ?? noWords).sort((a, b) => a.length - b.length);
    const needed = Math.max(1, pairs.length - 2 * allowed - 1);
    const gathering = pairs.length - needed + 1;
    const gathered: number[] = [];
    for (const ids of pairs.slice(0, gathering)) {
      for (let at = 0; at < ids.length; at++) {
        const id = ids[at]!;
        if (sharedPairs[id] === 0) gathered.push(id);
        sharedPairs[id] = sharedPairs[id]! + 1;
      }
    }
    const candidates: number[] = [];
    for (const id of gathered) {
      let shared = sharedPairs[id]!;
      sharedPairs[id] = 0;
      for (let at = gathering; at < pairs.length && shared < needed; at++) if (positionIn(pairs[at]!, id, 0, pairs[at]!.length) >= 0) shared++;
      if (shared >= needed) candidates.push(id);
    }
    for (const id of candidates) {
      if (found.has(id) || inRange(id)) continue;
      const word = words[id]!;
      const distance = editDistance(term, word, allowed);
      if (distance <= allowed) found.set(id, distance === 1 ? ONE_TYPO : TWO_TYPOS);
      // Still being typed, with a typo: "oakfeil" is the start of "oakfield", one letter off.
      else if (isLast && word.length > term.length && word.charCodeAt(0) === term.charCodeAt(0) && startsWithinOneEdit(term, word)) found.set(id, ONE_TYPO);
    }
    return { from, to, found };
  }

  // Scratch space for one query at a time (queries never interleave: no await inside find).
  const termCount = 8;
  // Each (school, term)'s best match, doubled so that a street's half counts stay whole: a byte each, so the table stays in cache.
  const best = new Uint8Array(rows.length * termCount);
  const nameMask = new Uint8Array(rows.length);
  const exactNameMask = new Uint8Array(rows.length);
  const touched = new Int32Array(rows.length);
  const seen = new Uint8Array(rows.length);
  /** Terms each gathered school is known to miss so far: once it misses more than a query allows, no more are looked up for it. */
  const missed = new Uint8Array(rows.length);
  /** Words that a term of this query matched with a typo: marked in the name like a prefix. */
  const typoMatched = new Uint8Array(words.length);

  const nameWords = names.seal();
  for (let at = 0; at < nameWords.ids.length; at++) {
    nameWords.ids[at] = rankOf[nameWords.ids[at]!]!;
    if (nameWords.aliases[at]! >= 0) nameWords.aliases[at] = rankOf[nameWords.aliases[at]!]!;
  }

  /** A term's words and how well each matches, and how many schools they hold between them. */
  interface TermMatches {
    /** The words it starts, ids `from` to `to` (none when `to` is `from`): PREFIX, or EXACT for `exact`, the term itself. */
    from: number;
    to: number;
    exact: number;
    /** Its other words (itself alone when it is no prefix, and those a typo or two away), and how well each matches. */
    ids: Int32Array;
    qualities: Uint8Array;
    postings: number;
    /** The words it matches with a typo (marked in a hit's name like a prefix): a few, where a short prefix has thousands of ids. */
    typoIds: Int32Array;
  }

  function credit(doc: number, field: number, quality: number, termIndex: number): void {
    const score = field === STREET ? quality : quality * 2;
    const slot = doc * termCount + termIndex;
    if (score > best[slot]!) best[slot] = score;
    if (field & NAME) {
      nameMask[doc]! |= 1 << termIndex;
      if (quality === EXACT) exactNameMask[doc]! |= 1 << termIndex;
    }
  }

  /** Credits `termIndex` to every school of its words: gathering them as candidates, or only to those already gathered. */
  function scan({ from, to, exact, ids, qualities }: TermMatches, termIndex: number, gathers: boolean, touchedCount: number): number {
    // The range's postings are one stretch; each posting's word is found by walking the word offsets alongside.
    let id = from;
    for (let at = postingStart[from]!, end = postingStart[to]!; at < end; at++) {
      while (postingStart[id + 1]! <= at) id++;
      const doc = allDocs[at]!;
      if (!seen[doc]) {
        if (!gathers) continue;
        seen[doc] = 1;
        touched[touchedCount++] = doc;
      }
      credit(doc, allFields[at]!, id === exact ? EXACT : PREFIX, termIndex);
    }
    for (let match = 0; match < ids.length; match++) {
      const id = ids[match]!;
      const quality = qualities[match]!;
      for (let at = postingStart[id]!, end = postingStart[id + 1]!; at < end; at++) {
        const doc = allDocs[at]!;
        if (!seen[doc]) {
          if (!gathers) continue;
          seen[doc] = 1;
          touched[touchedCount++] = doc;
        }
        credit(doc, allFields[at]!, quality, termIndex);
      }
    }
    return touchedCount;
  }

  /**
   * Credits `termIndex` to the schools gathered, looking its words up among each school's own: for a common term and
   * few candidates. A school that already misses more than `allowedMisses` terms is out, and is not looked at.
   */
  function lookUp(termMatches: TermMatches, termIndex: number, touchedCount: number, allowedMisses: number, urnSchool: number): void {
    const { ids, qualities, exact } = termMatches;
    for (let at = 0; at < touchedCount; at++) {
      const doc = touched[at]!;
      if (missed[doc]! > allowedMisses && doc !== urnSchool) continue;
      const from = docStart[doc]!;
      const to = docStart[doc + 1]!;
      let hit = false;
      if (termMatches.to > termMatches.from) {
        for (let slot = firstAtLeast(docWords, termMatches.from, from, to); slot < to && docWords[slot]! < termMatches.to; slot++) {
          credit(doc, docFields[slot]!, docWords[slot] === exact ? EXACT : PREFIX, termIndex);
          hit = true;
        }
      }
      for (let match = 0; match < ids.length; match++) {
        const found = positionIn(docWords, ids[match]!, from, to);
        if (found >= 0) {
          credit(doc, docFields[found]!, qualities[match]!, termIndex);
          hit = true;
        }
      }
      if (!hit) missed[doc]!++;
    }
  }

  /** Common terms' tables, least recently used first (Map order: a table used is moved to the end). */
  const tables = new Map<TermMatches, Uint8Array>();

  /** `termMatches`'s table: for each school, what crediting every one of its words the term matches would give. */
  function tableOf(termMatches: TermMatches): Uint8Array {
    let table = tables.get(termMatches);
    if (table) {
      tables.delete(termMatches);
      tables.set(termMatches, table);
      return table;
    }
    if (tables.size >= MAX_TABLES) {
      const [oldest, reused] = tables.entries().next().value!;
      tables.delete(oldest);
      table = reused.fill(0);
    } else table = new Uint8Array(rows.length);
    const give = (doc: number, field: number, quality: number) => {
      const score = field === STREET ? quality : quality * 2;
      let value = table[doc]!;
      if (score > (value & TABLE_SCORE)) value = (value & ~TABLE_SCORE) | score;
      if (field & NAME) value |= quality === EXACT ? TABLE_NAME | TABLE_EXACT_NAME : TABLE_NAME;
      table[doc] = value;
    };
    const { from, to, exact, ids, qualities } = termMatches;
    let id = from;
    for (let at = postingStart[from]!, end = postingStart[to]!; at < end; at++) {
      while (postingStart[id + 1]! <= at) id++;
      give(allDocs[at]!, allFields[at]!, id === exact ? EXACT : PREFIX);
    }
    for (let match = 0; match < ids.length; match++) {
      for (let at = postingStart[ids[match]!]!, end = postingStart[ids[match]! + 1]!; at < end; at++) give(allDocs[at]!, allFields[at]!, qualities[match]!);
    }
    tables.set(termMatches, table);
    return table;
  }

  /** lookUp, from the term's table: the same credits, one read a school. */
  function lookUpInTable(table: Uint8Array, termIndex: number, touchedCount: number, allowedMisses: number, urnSchool: number): void {
    const bit = 1 << termIndex;
    for (let at = 0; at < touchedCount; at++) {
      const doc = touched[at]!;
      if (missed[doc]! > allowedMisses && doc !== urnSchool) continue;
      const value = table[doc]!;
      if (value === 0) {
        missed[doc]!++;
        continue;
      }
      const slot = doc * termCount + termIndex;
      if ((value & TABLE_SCORE) > best[slot]!) best[slot] = value & TABLE_SCORE;
      if (value & TABLE_NAME) nameMask[doc]! |= bit;
      if (value & TABLE_EXACT_NAME) exactNameMask[doc]! |= bit;
    }
  }

  /** Counts `termIndex` as missed by each school gathered that it did not credit. */
  function countMisses(termIndex: number, touchedCount: number): void {
    for (let at = 0; at < touchedCount; at++) {
      const doc = touched[at]!;
      if (best[doc * termCount + termIndex] === 0) missed[doc]!++;
    }
  }
  /**
   * The best `limit` schools that match at least `required` terms. Only a school
   * that has one of the rarest (terms - required + 1) terms can, so those terms
   * gather the candidates and the commoner ones are looked up for them alone.
   */
  function ranked(termTotal: number, matches: readonly TermMatches[], required: number, urnSchool: number, limit: number): number[] {
    const order = Array.from({ length: termTotal }, (_, index) => index).sort((a, b) => matches[a]!.postings - matches[b]!.postings);
    const seeds = termTotal - required + 1;
    let touchedCount = 0;
    const allowedMisses = termTotal - required;
    for (let rank = 0; rank < termTotal; rank++) {
      const termIndex = order[rank]!;
      const termMatches = matches[termIndex]!;
      const gathers = rank < seeds;
      // Once gathered, a school's misses are counted, so that one already out is not looked up again (same answers, less work).
      if (rank === seeds) for (let seed = 0; seed < seeds; seed++) countMisses(order[seed]!, touchedCount);
      if (!gathers && termMatches.postings >= TABLE_MIN_POSTINGS && touchedCount < termMatches.postings) {
        lookUpInTable(tableOf(termMatches), termIndex, touchedCount, allowedMisses, urnSchool);
      } else if (!gathers && touchedCount * (termMatches.ids.length + 1) * LOOK_UP_COST < termMatches.postings) lookUp(termMatches, termIndex, touchedCount, allowedMisses, urnSchool);
      else {
        touchedCount = scan(termMatches, termIndex, gathers, touchedCount);
        if (!gathers && rank < termTotal - 1) countMisses(termIndex, touchedCount);
      }
    }

    const keptDocs: number[] = [];
    const keptScores: number[] = [];
    /** Whether (doc, score) goes before the kept school at `than`: higher score, then name, then id, so ties never jump. */
    const isBetter = (doc: number, score: number, than: number) => {
      const other = keptScores[than]!;
      return score === other ? nameOrder[doc]! < nameOrder[keptDocs[than]!]! : score > other;
    };
    for (let at = 0; at < touchedCount; at++) {
      const doc = touched[at]!;
      let matched = 0;
      let closeness = 0;
      for (let slot = doc * termCount, end = slot + termTotal; slot < end; slot++) {
        const value = best[slot]!;
        if (value > 0) {
          matched++;
          closeness += value;
          best[slot] = 0;
        }
      }
      const names = bitCount(nameMask[doc]!);
      const wholeName = matched === termTotal && bitCount(exactNameMask[doc]!) >= nameLength[doc]! ? 1 : 0;
      nameMask[doc] = 0;
      exactNameMask[doc] = 0;
      seen[doc] = 0;
      missed[doc] = 0;
      if (matched < required && doc !== urnSchool) continue;
      // Best first: the URN typed; more terms; the whole name typed; closer; more of the name covered; a state school.
      const coverage = Math.min(1, names / Math.max(1, nameLength[doc]!));
      const score =
        (doc === urnSchool ? 1e10 : 0) + matched * 1e8 + wholeName * 1e7 + closeness * 1e4 + Math.round(coverage * 1000) * 2 + isState[doc]!;
      if (keptDocs.length === limit && !isBetter(doc, score, limit - 1)) continue;
      let position = keptDocs.length;
      while (position > 0 && isBetter(doc, score, position - 1)) position--;
      keptDocs.splice(position, 0, doc);
      keptScores.splice(position, 0, score);
      if (keptDocs.length > limit) {
        keptDocs.pop();
        keptScores.pop();
      }
    }
    return keptDocs;
  }

  // What a word means depends only on the index, and most queries share their common words ("primary", "school").
  // Kept as typed arrays: a few objects per word, however many words it matches, for the garbage collector to walk.
  const knownTerms = new Map<string, TermMatches>();
  function termMatchesOf(term: string, isLast: boolean): TermMatches {
    const key = `${isLast ? "+" : "-"}${term}`;
    let termMatches = knownTerms.get(key);
    if (!termMatches) {
      if (knownTerms.size >= MAX_KNOWN_TERMS) knownTerms.clear();
      const { from, to, found } = matchesOf(term, isLast);
      const typoIds = [...found].filter(([, quality]) => quality <= ONE_TYPO).map(([id]) => id);
      const exact = from < to && words[from] === term ? from : -1;
      termMatches = { from, to, exact, ids: Int32Array.from(found.keys()), qualities: Uint8Array.from(found.values()), postings: 0, typoIds: Int32Array.from(typoIds) };
      termMatches.postings = postingStart[to]! - postingStart[from]!;
      for (const id of termMatches.ids) termMatches.postings += postingCount(id);
      knownTerms.set(key, termMatches);
    }
    return termMatches;
  }

  function find(terms: readonly string[], limit: number): SchoolHit[] {
    if (terms.length === 0 || limit <= 0) return [];
    const urnWord = terms.length === 1 && /^\d{5,7}$/.test(terms[0]!) ? wordIds.get(terms[0]!) : undefined;
    let urnSchool = -1;
    if (urnWord !== undefined) {
      for (let at = postingStart[urnWord]!; at < postingStart[urnWord + 1]! && urnSchool < 0; at++) if (allFields[at]! & URN) urnSchool = allDocs[at]!;
    }
    const matches = terms.map((term, termIndex) => termMatchesOf(term, termIndex === terms.length - 1));
    // Every term first; when that leaves room, all but one of four or more (a word the register spells otherwise need not
    // hide a school). A school with every term outranks any with fewer, so the second pass only adds below the first's.
    let docs = ranked(terms.length, matches, terms.length, urnSchool, limit);
    if (docs.length < limit && terms.length >= 4) docs = ranked(terms.length, matches, terms.length - 1, urnSchool, limit);
    if (docs.length === 0) return [];
    const marked: number[] = [];
    for (const { typoIds } of matches) {
      for (const id of typoIds) {
        if (typoMatched[id] === 0) {
          typoMatched[id] = 1;
          marked.push(id);
        }
      }
    }
    const hits = docs.map((doc) => schoolHitOf(rows[doc]!, doc, nameWords, words, terms, typoMatched));
    for (const id of marked) typoMatched[id] = 0;
    return hits;
  }

  return { size: rows.length, find };
}

/** Where `wanted` is in the sorted stretch [from, to) of a list (a word's schools, a letter pair's words), or -1. */
function positionIn(list: Int32Array, wanted: number, from: number, to: number): number {
  let low = from;
  let high = to - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = list[middle]!;
    if (value === wanted) return middle;
    if (value < wanted) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** The first position in the sorted stretch [from, to) of `list` whose value is not below `wanted` (`to` if none). */
function firstAtLeast(list: Int32Array, wanted: number, from: number, to: number): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]! < wanted) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** `list` reordered in place so that the item at `old` moves to `rankOf[old]`. */
function renumber<T>(list: T[], rankOf: Int32Array): void {
  const copy = list.slice();
  copy.forEach((item, old) => (list[rankOf[old]!] = item));
}

function bitCount(mask: number): number {
  let count = 0;
  for (let bits = mask; bits; bits &= bits - 1) count++;
  return count;
}
