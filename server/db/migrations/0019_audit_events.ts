import type { Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * The audit table (server/audit/, docs/audit.md): security-relevant events,
 * appended and never updated. The index on occurred_at serves both the
 * staff's `npm run audit -- --since` and the pruning of rows past retention.
 * No foreign keys: an entry outlives the account it names (a deletion is
 * itself an entry).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("audit_events")
    .addColumn("id", "integer", autoId(db))
    .addColumn("occurred_at", "text", required)
    .addColumn("event", "text", required)
    .addColumn("actor_id", "integer")
    .addColumn("subject_id", "integer")
    .addColumn("ip", "text")
    .addColumn("details", "text", (column) => column.notNull().defaultTo("{}"))
    .execute();
  await db.schema.createIndex("audit_events_occurred_at").on("audit_events").column("occurred_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_events").ifExists().execute();
}
