import { distance } from "fastest-levenshtein";
import { SCHOOL_INDEX_SETTINGS } from "../../../../server/schools/search/algolia/algolia-index-settings";
import { algoliaRecordOf, type AlgoliaSchoolRecord } from "../../../../server/schools/search/algolia/algolia-school-record";
import { QUERY_KINDS, queryFor, realisticRegister, type GeneratedSchool, type QueryKind } from "../support/realistic-register";

/*
 * The search-quality test's table (search-quality.test.ts) against the
 * Algolia settings. The recorded requester does not rank, so Algolia's
 * ranking cannot be measured here; what can be checked is that, under the
 * settings the indexing side sends (matching whole words, the last as a
 * prefix, typos from 4 and 8 letters, none on URNs and postcodes), every
 * query of each row can match its school's record, and in the attributes the
 * ranking rules need: a URN only its own school's URN, name + town in the
 * name and town. Ranking among the matches is Algolia's (docs/search.md).
 */

const REGISTER_SIZE = 3000;
const SAMPLES_PER_ROW = 200;

type Settings = typeof SCHOOL_INDEX_SETTINGS;

/** The searchable attributes, by rank: "unordered(name),city" is one level of two. */
function levelsOf(settings: Settings): string[][] {
  return settings.searchableAttributes.map((level) => level.split(",").map((attribute) => attribute.replace(/^unordered\((.*)\)$/, "$1")));
}

function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** The best (lowest) level at which the word can match the record, or -1. */
function levelMatching(record: AlgoliaSchoolRecord, word: string, isLast: boolean, settings: Settings): number {
  const levels = levelsOf(settings);
  for (let level = 0; level < levels.length; level++) {
    for (const attribute of levels[level]!) {
      const value = record[attribute as keyof AlgoliaSchoolRecord];
      if (typeof value !== "string") continue;
      const prefixAllowed = isLast && !(settings.disablePrefixOnAttributes as readonly string[]).includes(attribute);
      const typos = (settings.disableTypoToleranceOnAttributes as readonly string[]).includes(attribute)
        ? 0
        : word.length >= settings.minWordSizefor2Typos
          ? 2
          : word.length >= settings.minWordSizefor1Typo
            ? 1
            : 0;
      for (const indexed of wordsOf(value)) {
        if (indexed === word || (prefixAllowed && indexed.startsWith(word)) || (typos > 0 && distance(indexed, word) <= typos)) return level;
      }
    }
  }
  return -1;
}

function sample(schools: readonly GeneratedSchool[], kind: QueryKind): { school: GeneratedSchool; query: string }[] {
  // The search-quality test's stride: the same schools asked the same ways.
  const picked: { school: GeneratedSchool; query: string }[] = [];
  for (let index = 0, step = 0; picked.length < SAMPLES_PER_ROW && step < schools.length; step++, index = (index + 7919) % schools.length) {
    const school = schools[index]!;
    const query = queryFor(school, kind);
    if (query !== undefined) picked.push({ school, query });
  }
  return picked;
}

function recordOf(school: GeneratedSchool, id: number): AlgoliaSchoolRecord {
  return algoliaRecordOf({ constituent_id: id, urn: school.urn, kind: school.kind, name: school.name, street1: school.street, street2: school.locality, street3: school.address3, city: school.town, postcode: school.postcode });
}

describe("the search-quality table under the Algolia index settings", () => {
  const schools = realisticRegister(REGISTER_SIZE);
  const records = schools.map((school, index) => recordOf(school, index + 1));

  it.each(QUERY_KINDS)("every query typed as \"%s\" can match its school's record", (kind) => {
    const unmatched: string[] = [];
    for (const { school, query } of sample(schools, kind)) {
      const record = records[schools.indexOf(school)]!;
      const words = wordsOf(query);
      const levels = words.map((word, at) => levelMatching(record, word, at === words.length - 1, SCHOOL_INDEX_SETTINGS));
      if (levels.includes(-1)) unmatched.push(query);
      // Name and town are matched in the name and town levels, above postcode and street.
      if (kind === "name + town") expect(Math.max(...levels)).toBeLessThanOrEqual(2);
    }
    expect(unmatched).toEqual([]);
  });

  it("matches a URN only as its own school's URN, at the first level: exact URN first", () => {
    for (const { school, query } of sample(schools, "URN")) {
      const matching = records.filter((record) => levelMatching(record, query, true, SCHOOL_INDEX_SETTINGS) === 0);
      expect(matching.map((record) => record.urn)).toEqual([school.urn]);
    }
    // Not as a prefix: four digits of a URN find no school's URN.
    expect(records.filter((record) => levelMatching(record, schools[0]!.urn.slice(0, 4), true, SCHOOL_INDEX_SETTINGS) === 0)).toEqual([]);
  });

  it("ranks state schools over other kinds, then by name, after the text's own criteria", () => {
    expect(records.filter((record) => record.kind === "state").every((record) => record.stateSchool === 1)).toBe(true);
    expect(records.filter((record) => record.kind !== "state").every((record) => record.stateSchool === 0)).toBe(true);
    expect(SCHOOL_INDEX_SETTINGS.ranking.at(-1)).toBe("custom");
    expect(SCHOOL_INDEX_SETTINGS.customRanking).toEqual(["desc(stateSchool)", "asc(sortName)"]);
  });
});
