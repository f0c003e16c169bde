import type { RegistrationStep } from "./steps";

/** The flags a pathway needs (accounts spec, section 3: "Pathway definition"). */
export interface PathwayRequirements {
  schoolSearch: boolean;
  addressDetails: boolean;
  paidSubscription: boolean;
  domainValidation: boolean;
  unableToCompleteOnline: boolean;
}

export interface Pathway {
  label: string;
  steps: readonly RegistrationStep[];
  requires: PathwayRequirements;
}

export const pathwayKeys = ["state-school", "independent-school", "individual", "international", "consortium"] as const;
export type PathwayKey = (typeof pathwayKeys)[number];

const offline: PathwayRequirements = {
  schoolSearch: true,
  addressDetails: true,
  paidSubscription: false,
  domainValidation: false,
  unableToCompleteOnline: true,
};

/** Accounts spec, section 4, "Pathways". */
export const pathways: Readonly<Record<PathwayKey, Pathway>> = {
  "state-school": {
    label: "UK State School (FREE)",
    steps: ["schoolTypeAndSearch", "confirmSchool", "invalidEmail", "offerAdminStatus"],
    requires: { schoolSearch: true, addressDetails: false, paidSubscription: false, domainValidation: true, unableToCompleteOnline: false },
  },
  "independent-school": { label: "UK Independent School", steps: ["schoolTypeAndSearch", "contactSupport"], requires: offline },
  individual: { label: "Homeschool", steps: ["schoolTypeAndSearch", "contactSupport"], requires: offline },
  international: { label: "International School", steps: ["schoolTypeAndSearch", "contactSupport"], requires: offline },
  consortium: { label: "Group of Schools (UK/Ireland)", steps: ["schoolTypeAndSearch", "contactSupport"], requires: offline },
};

export function isPathwayKey(value: unknown): value is PathwayKey {
  return typeof value === "string" && (pathwayKeys as readonly string[]).includes(value);
}
