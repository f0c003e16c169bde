import type { Kysely } from "kysely";

/*
 * Who created an organisation by hand (POST /account/create-constituent/):
 * only that person may then add or change its addresses, so a school typed
 * into the wizard cannot be edited by anyone else. Register schools have no
 * row here. A separate table rather than a column on constituents, because
 * SQLite cannot add a foreign key to an existing table without rebuilding it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("organisation_creators")
    .addColumn("organisation_id", "integer", (column) => column.primaryKey().references("constituents.id").onDelete("cascade"))
    .addColumn("created_by", "integer", (column) => column.notNull().references("constituents.id").onDelete("cascade"))
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("organisation_creators_created_by").on("organisation_creators").column("created_by").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("organisation_creators").ifExists().execute();
}
