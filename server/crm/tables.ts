import type { ColumnType, Generated } from "kysely";

/*
 * Row types of the embedded CRM's tables: `constituents` and `memberships`
 * (migration 0002, organisations since 0011) and the rest (0011). Only
 * server/crm/ names them (a lint rule holds this, docs/crm.md); everyone
 * else goes through the CRM port. Flags are integers 0/1, timestamps ISO
 * 8601 UTC text.
 */

/** A person or an organisation (a school) in the embedded CRM (migration 0011 added organisations). */
export interface ConstituentsTable {
  id: Generated<number>;
  kind: ColumnType<ConstituentKind, ConstituentKind | undefined, never>;
  /**
   * Always stored trimmed and lower-cased (see normaliseEmail). Only an
   * organisation has none (a CHECK constraint holds this): queries for people
   * filter on kind = 'individual' and narrow the type ($narrowType).
   */
  email: string | null;
  first_name: string;
  last_name: string;
  phone_number: string;
  /** The CRM's prefix id (Mr, Ms, Dr...); -1 means none, as the spec's Profile Prefix default. */
  prefix: number;
  /** When the person deleted their account (migration 0021): the row is then an anonymised placeholder that never signs in. */
  deleted_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export type ConstituentKind = "individual" | "organisation";

export interface MembershipsTable {
  id: Generated<number>;
  constituent_id: number;
  /** The CRM membership level id (individual: 95 in test, 92 in production; the monthly plan's: 99, 90). */
  membership_level_id: number;
  starts_at: string;
  expires_at: string;
}


export interface CountriesTable {
  id: number;
  description: string;
}

export interface StatesTable {
  id: number;
  description: string;
  country_id: number;
}

export interface AddressesTable {
  id: Generated<number>;
  constituent_id: number;
  address_type_id: number;
  label: Generated<string>;
  street1: string;
  street2: Generated<string>;
  street3: Generated<string>;
  city: string;
  state_id: number | null;
  postal_code: string;
  /** Upper case, no spaces: what a postcode search compares. */
  postal_code_key: string;
  country_id: number;
  months: Generated<string>;
  primary_indicator: Generated<number>;
  inactive: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ElectronicAddressesTable {
  id: Generated<number>;
  constituent_id: number;
  address: string;
  electronic_address_type_id: number;
  is_email: Generated<number>;
  allow_html_format: Generated<number>;
  months: Generated<string>;
  primary_indicator: Generated<number>;
  inactive: Generated<number>;
  created_at: string;
}

export interface ConstituentAttributesTable {
  id: Generated<number>;
  constituent_id: number;
  keyword_id: number;
  value: string;
}

export interface MembershipBenefitsTable {
  id: Generated<number>;
  membership_id: number;
  benefit_id: number;
  unlimited_indicator: Generated<number>;
  total_available: Generated<number>;
  /** Seats in use: a claim increments it only while it is below total_available. */
  total_used: Generated<number>;
}

export interface BenefitUsagesTable {
  id: Generated<number>;
  membership_benefit_id: number;
  constituent_id: number;
  total_count: Generated<number>;
  used_at: string;
  inactive: Generated<number>;
}

export interface AffiliationsTable {
  id: Generated<number>;
  group_constituent_id: number;
  individual_constituent_id: number;
  affiliation_type_id: number;
  start_date: string;
  end_date: string | null;
  benefit_usage_id: number | null;
  is_included_in_search_results: Generated<number>;
  created_at: string;
}

/** The Tessitura adapter's seat ledger (migration 0039): a Tessitura membership's seats, keyed by its Tessitura id. */
export interface TessituraSeatBenefitsTable {
  id: Generated<number>;
  membership_id: number;
  benefit_id: number;
  unlimited_indicator: Generated<number>;
  total_available: Generated<number>;
  total_used: Generated<number>;
}

export interface TessituraSeatUsagesTable {
  id: Generated<number>;
  seat_benefit_id: number;
  constituent_id: number;
  used_at: string;
  inactive: Generated<number>;
}

/** Whose a Tessitura membership is (migration 0041): 15.2 lists memberships only by constituent. */
export interface TessituraMembershipHoldersTable {
  membership_id: number;
  constituent_id: number;
}

/** A Tessitura membership made by renewing another as a new record (migration 0042). */
export interface TessituraMembershipRenewalsTable {
  membership_id: number;
  renews_membership_id: number;
}

/** A Tessitura membership the site ended early (migration 0042): when, and the expiry Tessitura gave it then. */
export interface TessituraMembershipEndsTable {
  membership_id: number;
  ended_at: string;
  tessitura_expiry: string;
}

export interface CrmTables {
  constituents: ConstituentsTable;
  memberships: MembershipsTable;
  countries: CountriesTable;
  states: StatesTable;
  addresses: AddressesTable;
  electronic_addresses: ElectronicAddressesTable;
  constituent_attributes: ConstituentAttributesTable;
  membership_benefits: MembershipBenefitsTable;
  benefit_usages: BenefitUsagesTable;
  affiliations: AffiliationsTable;
  tessitura_seat_benefits: TessituraSeatBenefitsTable;
  tessitura_seat_usages: TessituraSeatUsagesTable;
  tessitura_membership_holders: TessituraMembershipHoldersTable;
  tessitura_membership_renewals: TessituraMembershipRenewalsTable;
  tessitura_membership_ends: TessituraMembershipEndsTable;
}
