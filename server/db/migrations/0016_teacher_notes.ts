import type { Kysely } from "kysely";
import { required } from "../column-builders";

/*
 * Teacher notes: one note per person per activity (docs/resources.md).
 * The composite primary key is that rule. Timestamps are ISO 8601 UTC text, as in 0002.
 * (The share-links branch carries a copy of the notes branch's migration so its
 * student view can be tested; the lead keeps one at merge.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("teacher_notes")
    .addColumn("constituent_id", "integer", (column) => column.notNull().references("constituents.id").onDelete("cascade"))
    .addColumn("activity_id", "integer", (column) => column.notNull().references("resource_activities.id").onDelete("cascade"))
    .addColumn("content", "text", required)
    .addColumn("created_at", "text", required)
    .addColumn("updated_at", "text", required)
    .addPrimaryKeyConstraint("teacher_notes_pkey", ["constituent_id", "activity_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("teacher_notes").ifExists().execute();
}
