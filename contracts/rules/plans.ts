/* The plan types of the accounts spec, section 9 (shapes/plans.ts); plain TypeScript, so widgets may import them. */
export const PLAN_TYPES = ["individual-annual", "individual-monthly", "school-annual"] as const;
