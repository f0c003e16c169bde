import { escapeHtml } from "../../search/excerpt";
import { schoolTypeOf } from "../school-kind";
import type { SchoolHit } from "./school-search-port";
import type { SchoolRow } from "./school-search-query";
import type { SchoolWord } from "./school-words";

/*
 * A school search hit from the index (school-index.ts), its name marked
 * (pure). Each name's words are cut once, when the index is built, and kept
 * flat (a few typed arrays, however many schools), so a hit costs no regular
 * expression and no folding.
 */

const needsEscaping = /[&<>"']/;

export class NameWords {
  private readonly start: number[] = [0];
  private readonly ids: number[] = [];
  private readonly aliases: number[] = [];
  private readonly bounds: number[] = [];
  private readonly plain: boolean[] = [];

  /** Records the next school's name: its words as cut (schoolWordsOf), with each word's id and its alias's (or -1). */
  add(name: string, words: readonly SchoolWord[], idOf: (word: SchoolWord) => { id: number; aliasId: number }): void {
    for (const word of words) {
      const { id, aliasId } = idOf(word);
      this.ids.push(id);
      this.aliases.push(aliasId);
      this.bounds.push(word.start, word.end);
    }
    this.start.push(this.ids.length);
    this.plain.push(!needsEscaping.test(name));
  }

  /** The words recorded, flat, for the hits. */
  seal(): SealedNameWords {
    return {
      start: Int32Array.from(this.start),
      ids: Int32Array.from(this.ids),
      aliases: Int32Array.from(this.aliases),
      bounds: Int32Array.from(this.bounds),
      plain: Uint8Array.from(this.plain, (plain) => (plain ? 1 : 0)),
    };
  }
}

export interface SealedNameWords {
  /** School `doc`'s words are from start[doc] to start[doc + 1]. */
  start: Int32Array;
  ids: Int32Array;
  /** The word without its "'s", or -1. */
  aliases: Int32Array;
  /** Each word's [start, end) in the name. */
  bounds: Int32Array;
  /** 1 where the name has nothing to escape. */
  plain: Uint8Array;
}

/**
 * The hit for school `doc`, its name HTML-escaped with <mark> around the words
 * that matched: a word a term starts, a term's "'s"-less alias, or a word that
 * `typoMatched` marks (a term matched it with a typo).
 */
export function schoolHitOf(row: SchoolRow, doc: number, nameWords: SealedNameWords, words: readonly string[], terms: readonly string[], typoMatched: Uint8Array): SchoolHit {
  const { name } = row;
  const escape = nameWords.plain[doc] === 1 ? (text: string) => text : escapeHtml;
  let highlightedName = "";
  let position = 0;
  for (let at = nameWords.start[doc]!, end = nameWords.start[doc + 1]!; at < end; at++) {
    const id = nameWords.ids[at]!;
    const aliasId = nameWords.aliases[at]!;
    if (!(typoMatched[id] === 1 || (aliasId >= 0 && typoMatched[aliasId] === 1) || startsOrIsAlias(words[id]!, aliasId < 0 ? undefined : words[aliasId], terms))) continue;
    const start = nameWords.bounds[2 * at]!;
    const wordEnd = nameWords.bounds[2 * at + 1]!;
    highlightedName += `${escape(name.slice(position, start))}<mark>${escape(name.slice(start, wordEnd))}</mark>`;
    position = wordEnd;
  }
  highlightedName += escape(name.slice(position));
  return {
    constituentId: Number(row.constituent_id),
    name,
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

function startsOrIsAlias(key: string, alias: string | undefined, terms: readonly string[]): boolean {
  for (const term of terms) if (key.startsWith(term) || alias === term) return true;
  return false;
}
