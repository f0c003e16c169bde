import type { Generated } from "kysely";
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
  /** The register's SchoolWebsite ("" when none; migration 0027). */
  website: Generated<string>;
  /** The email domain the website suggests: not an allowed domain until staff confirm it. */
  suggested_email_domain: string | null;
  /** Where the suggestion came from, e.g. "SchoolWebsite www.oakfield.sch.uk in edubasealldata20261101.csv". */
  suggested_email_domain_source: string | null;
  updated_at: string;
}

/** A school the register lists as closed or no longer lists (migration 0027): out of search and the wizard, its CRM record kept. */
export interface ClosedSchoolsTable extends Omit<SchoolsTable, "website"> {
  website: string;
  closed_at: string;
}

export interface SchoolTables {
  schools: SchoolsTable;
  closed_schools: ClosedSchoolsTable;
}
