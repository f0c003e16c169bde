/** Row types of the memberships feature's own tables (migration 0013). */

/** The person who created an organisation by hand; they alone may change its addresses. */
export interface OrganisationCreatorsTable {
  organisation_id: number;
  created_by: number;
  created_at: string;
}

export interface MembershipTables {
  organisation_creators: OrganisationCreatorsTable;
}
