/** How a synthetic school is named, and the register type code that goes with the name. */
export interface SchoolNamePattern {
  typeCode: number;
  name(place: string, saint: string): string;
}

/*
 * Type codes are the register's own (TypeOfEstablishment (code)); the mix is
 * roughly the register's: mostly maintained primaries and academies, with a
 * few independent schools and special schools.
 */
export const SCHOOL_NAME_PATTERNS: readonly SchoolNamePattern[] = [
  { typeCode: 1, name: (place) => `${place} Primary School` },
  { typeCode: 1, name: (place) => `${place} Infant School` },
  { typeCode: 5, name: (place) => `${place} Junior School` },
  { typeCode: 3, name: (place) => `${place} Church of England Primary School` },
  { typeCode: 2, name: (_place, saint) => `St ${saint}'s Catholic Primary School` },
  { typeCode: 34, name: (place) => `${place} Academy` },
  { typeCode: 28, name: (place) => `${place} Community College` },
  { typeCode: 1, name: (place) => `${place} High School` },
  { typeCode: 35, name: (place) => `${place} Free School` },
  { typeCode: 7, name: (place) => `${place} Special School` },
  { typeCode: 34, name: (place) => `${place} Primary Academy` },
  { typeCode: 11, name: (place) => `${place} Preparatory School` },
  { typeCode: 11, name: (_place, saint) => `St ${saint}'s School` },
  { typeCode: 10, name: (place) => `${place} House School` },
];
