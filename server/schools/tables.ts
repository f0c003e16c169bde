import type { SchoolKind } from "../domain/school-kind";

/** What the school register knows of an organisation in the CRM (migration 0011). */
export interface SchoolsTable {
  constituent_id: number;
  /** The Department for Education's unique reference number; null for a school entered by hand. */
  urn: string | null;
  kind: SchoolKind;
  name: string;
  /** The primary address as search results show it. */
  street1: string;
  street2: string;
  street3: string;
  city: string;
  postcode: string;
  updated_at: string;
}

export interface SchoolTables {
  schools: SchoolsTable;
}
