import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { findOutboxMessage, listOutboxMessages, type OutboxMessage } from "./outbox";

/** The development mailbox's reads of the outbox table (server/routes/dev-mailbox.ts). */
export interface MailboxService {
  /** The newest messages first; with `to`, only those to that address. */
  messages(limit: number, to?: string): Promise<OutboxMessage[]>;
  findMessage(id: number): Promise<OutboxMessage | undefined>;
}

export function createMailboxService(db: Kysely<Database>): MailboxService {
  return {
    messages: (limit, to) => listOutboxMessages(db, limit, to),
    findMessage: (id) => findOutboxMessage(db, id),
  };
}
