import type { MembershipLevelName } from "./fixture-schema/accounts";

export type CrmEnvironment = "test" | "production";

/**
 * CRM membership level ids for the level names fixtures may use, per CRM id
 * set (accounts spec, section 9: individual is 95 in test, 92 in production).
 */
export const MEMBERSHIP_LEVEL_IDS: Record<CrmEnvironment, Record<MembershipLevelName, number>> = {
  test: { individual: 95 },
  production: { individual: 92 },
};
