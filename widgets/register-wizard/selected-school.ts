/** The school's current membership (accounts spec, section 3, "Membership summary"). */
export interface MembershipSummary {
  Id: number;
  ExpirationDateTime: string;
  Constituent: { DisplayName: string; SortName: string };
}

/** The school types a selected school can have (accounts spec, section 3); null for a school typed in by hand. */
export type SchoolType = "state" | "independent-school" | "international";

/**
 * The school the wizard goes on with (accounts spec, section 3, "Selected
 * school"; the shape POST /account/school-check answers). A hand-entered
 * school has no constituentId until it is created, and no type. A type
 * alias, so it fits the machine's looser record.
 */
export type SelectedSchool = {
  name: string;
  addressLine1: string;
  addressLine2: string;
  addressLine3: string;
  city: string;
  /** The state/region id, or null. */
  state: number | null;
  county: string | null;
  postalCode: string;
  /** The country id; 209 when it is not known. */
  country: number;
  type: SchoolType | null;
  URN: string | null;
  /** The CRM organisation, or null for a school typed in by hand (created later). */
  constituentId: number | null;
  membershipDetails: MembershipSummary | null;
  totalAvailable: number | "unlimited" | null;
  benefitUsage: number | null;
  /** Whether the school has an admin; known once school-check has answered. */
  hasAdmin?: boolean;
};

/** Accounts spec, section 4: a school without a country is in country 209. */
export const DEFAULT_COUNTRY_ID = 209;
