import { PATHWAY_KEYS, PATHWAY_LABELS, type PathwayKey } from "../../contracts/rules/pathways";
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

export const pathwayKeys = PATHWAY_KEYS;
export type { PathwayKey };

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
    label: PATHWAY_LABELS["state-school"],
    steps: ["schoolTypeAndSearch", "confirmSchool", "invalidEmail", "offerAdminStatus"],
    requires: { schoolSearch: true, addressDetails: false, paidSubscription: false, domainValidation: true, unableToCompleteOnline: false },
  },
  "independent-school": { label: PATHWAY_LABELS["independent-school"], steps: ["schoolTypeAndSearch", "contactSupport"], requires: offline },
  individual: { label: PATHWAY_LABELS.individual, steps: ["schoolTypeAndSearch", "contactSupport"], requires: offline },
  international: { label: PATHWAY_LABELS.international, steps: ["schoolTypeAndSearch", "contactSupport"], requires: offline },
  consortium: { label: PATHWAY_LABELS.consortium, steps: ["schoolTypeAndSearch", "contactSupport"], requires: offline },
};

export function isPathwayKey(value: unknown): value is PathwayKey {
  return typeof value === "string" && (pathwayKeys as readonly string[]).includes(value);
}
