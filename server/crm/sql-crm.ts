import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { CrmIds } from "./crm-ids";
import type { CrmPort } from "./crm-port";
import { sqlAffiliationRecords } from "./sql-affiliations";
import { sqlConstituentRecords } from "./sql-constituents";
import { sqlMembershipRecords } from "./sql-memberships";
import { sqlPeopleRecords } from "./sql-people";
import { sqlReferenceData } from "./sql-reference-data";

/** The embedded CRM: the CRM port over the site's own database (SQLite or PostgreSQL). */
export function createSqlCrm(db: Kysely<Database>, ids: CrmIds): CrmPort {
  return {
    ...sqlReferenceData(db),
    ...sqlConstituentRecords(db, ids),
    ...sqlPeopleRecords(db),
    ...sqlMembershipRecords(db),
    ...sqlAffiliationRecords(db, sqlMembershipRecords),
  };
}
