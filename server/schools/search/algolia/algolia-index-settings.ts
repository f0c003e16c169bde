import type { IndexSettings } from "algoliasearch";

/*
 * The register issue's ranking rules, said in Algolia's own terms (pure).
 * The indexing side applies them (setSettings) before it writes records, so
 * typo tolerance, ranking and highlighting are Algolia's, under the same
 * rules the embedded engine follows (docs/search.md, "Algolia"):
 *
 * - exact URN first: the URN is the first searchable attribute, matched only
 *   whole and without typos, and `attribute` ranks a match there above any other;
 * - exact name + town first, then more words matched, then closer matches:
 *   `words` (more query words found) before `typo` (fewer typos) and
 *   `proximity` (words nearer one another), then `attribute`, then `exact`
 *   (words matched whole, not as a prefix);
 * - open state schools over other kinds: `desc(stateSchool)` in the custom ranking;
 * - ties broken by name: `asc(sortName)`.
 */

export const SCHOOL_INDEX_SETTINGS = {
  searchableAttributes: ["urn", "unordered(name),unordered(nameWithoutApostrophes)", "city", "postcode,postcodeWithoutSpace", "street1,street2,street3"],
  ranking: ["words", "typo", "proximity", "attribute", "exact", "custom"],
  customRanking: ["desc(stateSchool)", "asc(sortName)"],
  attributesForFaceting: ["filterOnly(kind)", "filterOnly(urn)"],
  // A URN or postcode typed with a slip is another school's, not this one's.
  disableTypoToleranceOnAttributes: ["urn", "postcode", "postcodeWithoutSpace"],
  // A URN is found whole ("100000", not "1000"): a prefix would match thousands.
  disablePrefixOnAttributes: ["urn"],
  typoTolerance: true,
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
  // The person may still be typing the last word.
  queryType: "prefixLast",
  removeStopWords: false,
  ignorePlurals: false,
  attributesToHighlight: ["name"],
  attributesToSnippet: [],
  attributesToRetrieve: ["urn", "kind", "name", "street1", "street2", "street3", "city", "postcode"],
} satisfies IndexSettings;
