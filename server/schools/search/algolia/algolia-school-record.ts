import type { SchoolRow } from "../school-search-query";

/*
 * A school as the Algolia index holds it (pure): the register's row, plus the
 * few derived attributes the index settings (algolia-index-settings.ts) rank
 * and match on. The product's database stays the record: the index holds a
 * copy that the indexing side (algolia-school-indexing.ts) keeps in step.
 */

export interface AlgoliaSchoolRecord extends Pick<SchoolRow, "urn" | "kind" | "name" | "street1" | "street2" | "street3" | "city" | "postcode"> {
  /** The school's CRM constituent id, as text. */
  objectID: string;
  /** "St Marys" for "St Mary's": found however the apostrophe is typed. */
  nameWithoutApostrophes: string;
  /** "BS11AA" for "BS1 1AA": found with or without the space. */
  postcodeWithoutSpace: string;
  /** 1 for an open state school (the register holds only open schools), 0 for any other kind: ranked first. */
  stateSchool: 0 | 1;
  /** The name lower-cased: the last tie-break, alphabetical. */
  sortName: string;
}

/** The register's columns a record is made from. */
export type IndexedSchoolRow = Pick<SchoolRow, "constituent_id" | "urn" | "kind" | "name" | "street1" | "street2" | "street3" | "city" | "postcode">;

export function algoliaRecordOf(row: IndexedSchoolRow): AlgoliaSchoolRecord {
  return {
    objectID: String(row.constituent_id),
    urn: row.urn,
    kind: row.kind,
    name: row.name,
    nameWithoutApostrophes: row.name.replace(/['’]/g, ""),
    street1: row.street1,
    street2: row.street2,
    street3: row.street3,
    city: row.city,
    postcode: row.postcode,
    postcodeWithoutSpace: (row.postcode ?? "").replace(/\s+/g, ""),
    stateSchool: row.kind === "state" ? 1 : 0,
    sortName: row.name.toLowerCase(),
  };
}
