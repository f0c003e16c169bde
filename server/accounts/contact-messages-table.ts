import type { Generated } from "kysely";

/** The row type for server/db/migrations/0005_contact.ts (part of AccountTables, server/accounts/tables.ts). */
export interface ContactMessagesTable {
  id: Generated<number>;
  /** Who sent it while signed in; null once that account is deleted. */
  constituent_id: number | null;
  name: string;
  email: string;
  /** The chosen subject option's text, as configured when it was sent. */
  subject: string;
  message: string;
  created_at: string;
}
