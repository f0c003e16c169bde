import type { TermFixture } from "./fixture-schema/common";
import { describeRecord, problem } from "./fixture-errors";

/** A validated record and its place in the file, so later checks can still name it. */
export interface Indexed<T> {
  index: number;
  value: T;
}

/** Each record's key (slug, email, id) must be unique within its file. */
export function findDuplicateKeys<T>(
  source: string,
  records: readonly Indexed<T>[],
  field: string,
  keyOf: (record: T) => string | number,
): string[] {
  const firstIndexByKey = new Map<string | number, number>();
  const problems: string[] = [];
  for (const { index, value } of records) {
    const key = keyOf(value);
    const firstIndex = firstIndexByKey.get(key);
    if (firstIndex === undefined) firstIndexByKey.set(key, index);
    else problems.push(problem(source, describeRecord(index, value), field, `${JSON.stringify(key)} is already used by record ${firstIndex + 1}`));
  }
  return problems;
}

/** Term slugs must be unique within each taxonomy or facet. */
export function findDuplicateTerms(source: string, section: string, lists: Record<string, readonly TermFixture[]>): string[] {
  return Object.entries(lists).flatMap(([name, terms]) => {
    const seen = new Set<string>();
    return terms.flatMap((term, position) => {
      if (!seen.has(term.slug)) {
        seen.add(term.slug);
        return [];
      }
      return [problem(source, `${section}.${name}[${position}].slug`, `${JSON.stringify(term.slug)} is listed twice`)];
    });
  });
}

/** Every slug a record uses in a taxonomy or facet field must be one of that list's terms. */
export function findUnknownTerms<T>(
  source: string,
  section: string,
  records: readonly Indexed<T>[],
  lists: Record<string, readonly TermFixture[]>,
  slugsOf: (record: T, listName: string) => readonly string[],
): string[] {
  const known = new Map(Object.entries(lists).map(([name, terms]) => [name, new Set(terms.map((term) => term.slug))]));
  const problems: string[] = [];
  for (const { index, value } of records) {
    for (const [name, slugs] of known) {
      const isList = Array.isArray((value as Record<string, unknown>)[name]);
      slugsOf(value, name).forEach((slug, position) => {
        if (slugs.has(slug)) return;
        const field = isList ? `${name}[${position}]` : name;
        const choices = [...slugs].join(", ") || `none: add terms under ${section}.${name}`;
        problems.push(problem(source, describeRecord(index, value), field, `unknown ${name} ${JSON.stringify(slug)} (known: ${choices})`));
      });
    }
  }
  return problems;
}
