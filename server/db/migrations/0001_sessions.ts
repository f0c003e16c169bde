import type { Kysely } from "kysely";

/** express-session's store (server/http/session/kysely-session-store.ts). Times are epoch milliseconds. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sessions")
    .addColumn("sid", "text", (column) => column.primaryKey())
    .addColumn("sess", "text", (column) => column.notNull())
    .addColumn("expires_at", "bigint", (column) => column.notNull())
    .addColumn("created_at", "bigint", (column) => column.notNull())
    .execute();
  // Lookups filter on it, and pruning deletes by it.
  await db.schema.createIndex("sessions_expires_at_idx").on("sessions").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sessions").execute();
}
