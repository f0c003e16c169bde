import type { SelectedSchool } from "../../contracts/shapes/schools";

/**
 * A state school as the school check answers it (contracts/shapes/schools.ts):
 * Oakfield Primary, on the register, no membership yet, no admin. Tests override what they vary.
 */
export const selectedSchool = (fields: Partial<SelectedSchool> = {}): SelectedSchool => ({
  name: "Oakfield Primary",
  addressLine1: "1 Oak Lane",
  addressLine2: "",
  addressLine3: "",
  city: "Leeds",
  state: null,
  county: "",
  postalCode: "LS1 1AA",
  country: 209,
  type: "state",
  URN: "9000001",
  constituentId: 9000001,
  membershipDetails: null,
  totalAvailable: "unlimited",
  benefitUsage: 0,
  hasAdmin: false,
  ...fields,
});
