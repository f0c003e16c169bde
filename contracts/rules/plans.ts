/* The plan types of the accounts spec, section 9 (shapes/plans.ts); plain TypeScript, so widgets may import them. */
export const PLAN_TYPES = ["individual-annual", "individual-monthly", "school-annual"] as const;

/**
 * The two individual membership levels (server/crm/crm-ids.ts): the yearly
 * plan's and the monthly plan's, a level of its own because Tessitura dates a
 * membership by its level (docs/crm.md). Null where a page gave none (the
 * register wizard's data-* settings).
 */
export interface IndividualLevels {
  individual: number | null;
  individualMonthly: number | null;
}

/** Whether a membership level is an individual one, yearly or monthly: the one place that asks. */
export function isIndividualLevel(levels: IndividualLevels, levelId: number): boolean {
  return levelId === levels.individual || levelId === levels.individualMonthly;
}

/** The individual level a plan of this period is bought (and renewed) at. */
export function individualLevelFor<Levels extends IndividualLevels>(levels: Levels, period: "year" | "month"): Levels["individual"] | Levels["individualMonthly"] {
  return period === "month" ? levels.individualMonthly : levels.individual;
}
