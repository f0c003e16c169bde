import type { ContentTables } from "../content/tables";
import type { CrmTables } from "../crm/tables";
import type { SchoolTables } from "../schools/tables";

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
}

/** Every table, for `Kysely<Database>`. Each area adds its tables through its own interface. */
export interface Database extends SessionTables, ContentTables, CrmTables, SchoolTables {}
