import { CRM_IDS, type CrmEnvironment } from "../crm/crm-ids";
import type { MembershipLevelName } from "./fixture-schema/accounts";

export type { CrmEnvironment };

/** CRM membership level ids for the level names fixtures may use, per CRM id set (server/crm/crm-ids.ts). */
export const MEMBERSHIP_LEVEL_IDS: Record<CrmEnvironment, Record<MembershipLevelName, number>> = {
  test: { individual: CRM_IDS.test.membershipLevels.individual },
  production: { individual: CRM_IDS.production.membershipLevels.individual },
};
