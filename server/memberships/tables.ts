import type { Generated } from "kysely";

/** Row types of the memberships feature's own tables (migrations 0014 and 0022). */

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

export interface MembershipTables {
  organisation_creators: OrganisationCreatorsTable;
  school_invites: SchoolInvitesTable;
}
