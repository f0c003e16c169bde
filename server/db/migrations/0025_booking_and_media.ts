import type { Kysely } from "kysely";

/*
 * Booking and media from the content (docs/content.md):
 * - an event's booking page, and a performance's own booking page and
 *   availability ("limited", "sold-out"; null is available);
 * - a resource's video (file, poster, captions) and its download (a file
 *   under static/, with its size in bytes and media type read at seeding).
 * SQLite adds one column per ALTER TABLE, so each is its own statement.
 */
const COLUMNS: [table: string, column: string, type: "text" | "integer"][] = [
  ["events", "booking_url", "text"],
  ["event_instances", "booking_url", "text"],
  ["event_instances", "availability", "text"],
  ["resources", "video_url", "text"],
  ["resources", "video_poster_url", "text"],
  ["resources", "video_captions_url", "text"],
  ["resources", "download_path", "text"],
  ["resources", "download_bytes", "integer"],
  ["resources", "download_type", "text"],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column, type] of COLUMNS) {
    await db.schema.alterTable(table).addColumn(column, type).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of COLUMNS.toReversed()) {
    await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
