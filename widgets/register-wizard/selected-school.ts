/** The school's current membership (accounts spec, section 3, "Membership summary"). */
export interface MembershipSummary {
  Id: number;
  ExpirationDateTime: string;
  Constituent: { DisplayName: string; SortName: string };
}

/** The register's school kinds as search and school-check name them; null for a hand-entered school. */
export type SchoolType = "state" | "independent-school" | "international";

/**
 * A school picked from search or typed in by hand (accounts spec, section 3,
 * "Selected school"; the shape POST /account/school-check answers).
 * A hand-entered school has no constituentId until it is created, and no type.
 */
export interface SelectedSchool {
  name: string;
  addressLine1: string;
  addressLine2: string;
  addressLine3: string;
  city: string;
  state: number | string | null;
  county: string;
  postalCode: string;
  country: number | string | null;
  type: SchoolType | null;
  URN: string | number | null;
  constituentId: number | null;
  membershipDetails: MembershipSummary | null;
  totalAvailable: number | "unlimited" | null;
  benefitUsage: number | null;
  hasAdmin: boolean;
}
