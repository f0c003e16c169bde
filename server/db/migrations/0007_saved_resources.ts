import type { Kysely } from "kysely";

/*
 * Resources a signed-in person saved (server/resources/saved-resources.ts;
 * row type in server/resources/tables.ts). One row per (person, resource):
 * the composite primary key makes saving idempotent on both engines.
 * saved_at is ISO 8601 UTC text, as in 0002, so "newest saved first" sorts as text.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("saved_resources")
    .addColumn("constituent_id", "integer", (column) =>
      column.notNull().references("constituents.id").onDelete("cascade"),
    )
    .addColumn("resource_id", "integer", (column) => column.notNull().references("resources.id").onDelete("cascade"))
    .addColumn("saved_at", "text", (column) => column.notNull())
    .addPrimaryKeyConstraint("saved_resources_pkey", ["constituent_id", "resource_id"])
    .execute();
  // The Saved resources tab lists one person's saves, newest first.
  await db.schema
    .createIndex("saved_resources_constituent_saved_at")
    .on("saved_resources")
    .columns(["constituent_id", "saved_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("saved_resources").execute();
}
