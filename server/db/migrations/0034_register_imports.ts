import type { Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * The register uploaded from the back office (issue 28; docs/back-office.md
 * "The register upload"; row type in server/schools/tables.ts). One row per
 * upload: queued, running, then done or failed, with the rows read and bytes
 * read of the file's size while it runs, and the summary (JSON) or the error
 * after. `active` is 1 while queued or running and null after: its unique
 * index lets one import run at a time, across processes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("register_imports")
    .addColumn("id", "integer", autoId(db))
    .addColumn("status", "text", required)
    .addColumn("active", "integer")
    .addColumn("started_by", "integer", required)
    .addColumn("file_name", "text", required)
    .addColumn("bytes", "integer", required)
    .addColumn("rows_read", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("bytes_read", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("summary", "text")
    .addColumn("error_message", "text")
    .addColumn("created_at", "text", required)
    .addColumn("updated_at", "text", required)
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("register_imports_one_active").on("register_imports").column("active").unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("register_imports").execute();
}
