import { sql, type Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * Share links (server/share-links/, docs/resources.md "Share links"): a
 * member's link to a resource, for students or for colleagues. The token is
 * the link's secret (32 random bytes, base64url) and is kept as it is: the
 * sharer's modal shows the same link again, so it cannot be hashed away.
 * One live link per (person, resource, type): the partial unique index
 * counts only rows not revoked, so two requests generating at once cannot
 * make two, and a revoked link leaves room for a new one. Partial indexes
 * work the same on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("share_links")
    .addColumn("id", "integer", autoId(db))
    .addColumn("token", "text", (column) => column.notNull().unique())
    .addColumn("constituent_id", "integer", (column) => column.notNull().references("constituents.id").onDelete("cascade"))
    .addColumn("resource_id", "integer", (column) => column.notNull().references("resources.id").onDelete("cascade"))
    .addColumn("resource_type", "text", required)
    .addColumn("type", "text", required)
    .addColumn("created_at", "text", required)
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema
    .createIndex("share_links_live_one_per_type")
    .on("share_links")
    .columns(["constituent_id", "resource_id", "type"])
    .unique()
    .where(sql.ref("revoked_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("share_links").ifExists().execute();
}
