import type { AccountTables } from "../accounts/tables";
import type { AuditTables } from "../audit/tables";
import type { EventTables } from "../events/tables";
import type { GalleryTables } from "../gallery/tables";
import type { MailTables } from "../mail/tables";
import type { MembershipTables } from "../memberships/tables";
import type { PageTables } from "../pages/tables";
import type { PeopleTables } from "../people/tables";
import type { ResourceTables } from "../resources/tables";
import type { CrmTables } from "../crm/tables";
import type { SchoolTables } from "../schools/tables";
import type { PaymentTables } from "../payments/tables";
import type { RequestTables } from "../requests/tables";
import type { StaffTables } from "../staff/tables";

/** Rows of the `sessions` table (migration 0001): express-session's data, one row per session. */
export interface SessionsTable {
  sid: string;
  /** The session object as JSON text. */
  sess: string;
  /** Milliseconds since the epoch; rows at or past it are ignored and pruned. */
  expires_at: number;
  created_at: number;
}

export interface SessionTables {
  sessions: SessionsTable;
  /** The back office's sessions (migration 0028), apart from members': the same shape, another store. */
  staff_sessions: SessionsTable;
}

/**
 * Every table, for `Kysely<Database>`, composed here and only here: each
 * capability declares its own tables' row types in its tables.ts and this
 * file lists them. The migrations in ./migrations create them.
 */
export interface Database
  extends SessionTables,
    PageTables,
    EventTables,
    ResourceTables,
    PeopleTables,
    GalleryTables,
    AccountTables,
    MailTables,
    CrmTables,
    SchoolTables,
    PaymentTables,
    RequestTables,
    AuditTables,
    StaffTables,
    MembershipTables {}
