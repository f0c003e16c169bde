/* Vocabularies of the school shapes (shapes/schools.ts) that code needs as values; plain TypeScript, so widgets may import them. */

/** Accounts spec, section 5: the school search input accepts at most 512 characters. */
export const SCHOOL_SEARCH_MAX_LENGTH = 512;

/** Accounts spec, section 4: a school without a country is in country 209. */
export const DEFAULT_COUNTRY_ID = 209;

/** A selected school's `type`: its pathway's key (accounts spec, section 3). */
export const SCHOOL_TYPES = ["state", "independent-school", "international"] as const;
