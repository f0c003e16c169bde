import type { Generated } from "kysely";
import type { SchoolKind } from "./school-kind";

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

/** A register file uploaded from the back office, and its import (migration 0034; register-uploads.ts). Times are ISO 8601 UTC text. */
export interface RegisterImportsTable {
  id: Generated<number>;
  status: "queued" | "running" | "done" | "failed";
  /** 1 while queued or running, null after: a unique index lets one import run at a time. */
  active: number | null;
  /** The staff account that uploaded it. */
  started_by: number;
  file_name: string;
  /** The file's size. */
  bytes: number;
  rows_read: Generated<number>;
  bytes_read: Generated<number>;
  /** RegisterUploadSummary as JSON, once done. */
  summary: string | null;
  /** What went wrong and what to do, once failed. */
  error_message: string | null;
  created_at: string;
  /** Last progress: a running import not heard from for a while has stopped with its process. */
  updated_at: string;
  finished_at: string | null;
}

export interface SchoolTables {
  schools: SchoolsTable;
  register_imports: RegisterImportsTable;
  closed_schools: ClosedSchoolsTable;
  organisation_creators: OrganisationCreatorsTable;
  school_invites: SchoolInvitesTable;
}

/* The school membership's own tables (migrations 0014 and 0022): hand-entered schools' creators (records/) and invites (admin/). */
/** The person who created an organisation by hand; they alone may change its addresses. */
export interface OrganisationCreatorsTable {
  organisation_id: number;
  created_by: number;
  created_at: string;
}

/** An invite to join a school (invite-store.ts). Times are ISO 8601 UTC text. */
export interface SchoolInvitesTable {
  id: Generated<number>;
  /** sha256 of the link's token: the token itself is only in the email. */
  token_hash: string;
  school_id: number;
  membership_id: number;
  /** Normalised (trimmed, lower-case). */
  email: string;
  invited_by: number | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: number | null;
  revoked_at: string | null;
}
