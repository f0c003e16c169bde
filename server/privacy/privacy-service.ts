import type { Kysely } from "kysely";
import type { AuditLog } from "../audit";
import { type AccountUpdateOutcome, type PasswordHasher, passwordHasher as sharedPasswordHasher } from "../accounts";
import type { CrmIds, CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { schoolsWithOnlyThisAdmin, type SoleAdminSchool } from "../schools";
import type { OrderExport } from "../payments";
import type { RateLimiter } from "../rate-limit/rate-limit";
import { deleteAccount, eraseEverything } from "./account-deletion";
import { personalDataExport, type PersonalData } from "./personal-data-export";

/**
 * The person's rights over their data (UK GDPR; docs/my-account.md, "Your
 * data"): a copy of it, and deleting the account. Each method reads the clock once.
 */
export interface PrivacyService {
  /** Everything held about the person, or undefined for no (live) account. */
  personalData(personId: number): Promise<PersonalData | undefined>;
  /** What the delete page warns about: schools that would be left without an admin. */
  deletionWarnings(personId: number): Promise<{ soleAdminSchools: SoleAdminSchool[] }>;
  /** Checks the current password (`Password`), then erases the account in one transaction. */
  deleteAccount(personId: number, body: unknown, ip?: string): Promise<AccountUpdateOutcome<{ deletedAt: string }>>;
  /** The same erasure, by staff from the back office (who checked the role and the confirmation); false when there is no live account. */
  eraseForStaff(personId: number, staffId: number, ip?: string): Promise<boolean>;
}

export interface PrivacyDependencies {
  db: Kysely<Database>;
  crm: CrmPort;
  audit: AuditLog;
  ids: CrmIds;
  ordersForExport: (personId: number) => Promise<OrderExport[]>;
  rateLimiter: RateLimiter;
  publicOrigin: string;
  hasher?: PasswordHasher;
  clock?: () => Date;
}

export function createPrivacyService(deps: PrivacyDependencies): PrivacyService {
  const { db, ids } = deps;
  const clock = deps.clock ?? (() => new Date());
  const { crm } = deps;
  const hasher = deps.hasher ?? sharedPasswordHasher;
  return {
    personalData: (personId) =>
      personalDataExport({ db, crm, ids, ordersForExport: deps.ordersForExport, publicOrigin: deps.publicOrigin }, personId, clock()),
    deletionWarnings: async (personId) => ({ soleAdminSchools: await schoolsWithOnlyThisAdmin(crm, ids, personId, clock()) }),
    deleteAccount: (personId, body, ip) =>
      deleteAccount({ db, hasher, rateLimiter: deps.rateLimiter, crm, audit: deps.audit }, personId, body, clock(), ip),
    async eraseForStaff(personId, staffId, ip) {
      if (!(await crm.personDetails(personId))) return false;
      await eraseEverything({ db, crm, audit: deps.audit }, personId, clock(), { staffActorId: staffId, ip });
      return true;
    },
  };
}
