import { PostgresAdapter, sql, type Kysely } from "kysely";

/*
 * The resources listing's "Title A to Z" order (server/resources/resource-listing.ts)
 * sorts by the lower-cased title in byte order: on PostgreSQL with the "C"
 * collation, on SQLite with its default binary one. An index on exactly that
 * expression lets an unfiltered listing read its first page in order instead
 * of sorting every resource. Filters and counts already use 0002's indexes:
 * resource_facets (term_id, resource_id), resources (published_at) and
 * resources (duration_minutes).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createIndex("resources_title_sort")
    .on("resources")
    .expression(isPostgres ? sql`lower(title) collate "C"` : sql`lower(title)`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("resources_title_sort").execute();
}
