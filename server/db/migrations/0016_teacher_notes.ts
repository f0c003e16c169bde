import type { Kysely } from "kysely";
import { required } from "../column-builders";

/*
 * Teacher notes (server/teacher-notes/, docs/resources.md "Teacher notes"):
 * one note per person per activity, so the composite primary key makes a save
 * an upsert on both engines. A note goes with its person or its activity.
 * content is plain text (at most 10,000 characters, checked by the server);
 * timestamps are ISO 8601 UTC text, as in 0002.
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
  // Deleting an activity (a reseed that drops one) cascades through this.
  await db.schema.createIndex("teacher_notes_activity_id").on("teacher_notes").column("activity_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("teacher_notes").execute();
}
