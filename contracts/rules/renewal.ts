/** The pathways a lapsed membership is renewed on (contracts/shapes/renewal.ts): a state school's membership is free, so never renewed by purchase. */
export const RENEWAL_PATHWAYS = ["individual", "independent-school", "international"] as const;
export type RenewalPathway = (typeof RENEWAL_PATHWAYS)[number];
