import { type Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * The People page (teams and their people) and the Gallery page (galleries
 * of photos and videos), loaded from people.yaml and gallery.yaml
 * (row types in server/people/tables.ts and server/gallery/tables.ts).
 * Conventions as 0002: integer ids, ISO 8601 UTC text timestamps, no booleans.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const id = autoId(db);

  await db.schema
    .createTable("people_teams")
    .addColumn("id", "integer", id)
    .addColumn("slug", "text", (column) => column.notNull().unique())
    .addColumn("label", "text", required)
    .addColumn("intro", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("position", "integer", required)
    .execute();

  await db.schema
    .createTable("people")
    .addColumn("id", "integer", id)
    .addColumn("slug", "text", (column) => column.notNull().unique())
    .addColumn("team_id", "integer", (column) => column.notNull().references("people_teams.id").onDelete("cascade"))
    .addColumn("position", "integer", required)
    .addColumn("name", "text", required)
    .addColumn("role", "text", required)
    .addColumn("portrait_url", "text")
    .addColumn("portrait_alt", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("bio_html", "text", required)
    .addColumn("updated_at", "text", required)
    .execute();
  await db.schema.createIndex("people_team_id_position").on("people").columns(["team_id", "position"]).execute();

  await db.schema
    .createTable("galleries")
    .addColumn("id", "integer", id)
    .addColumn("slug", "text", (column) => column.notNull().unique())
    .addColumn("title", "text", required)
    .addColumn("summary", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("position", "integer", required)
    .addColumn("updated_at", "text", required)
    .execute();

  await db.schema
    .createTable("gallery_items")
    .addColumn("id", "integer", id)
    .addColumn("gallery_id", "integer", (column) => column.notNull().references("galleries.id").onDelete("cascade"))
    .addColumn("position", "integer", required)
    /** "photo" or "video". */
    .addColumn("kind", "text", required)
    /** The full image, or the video file. */
    .addColumn("src", "text", required)
    .addColumn("video_type", "text")
    .addColumn("poster_url", "text")
    .addColumn("thumb_url", "text", required)
    .addColumn("alt", "text", required)
    .addColumn("width", "integer", required)
    .addColumn("height", "integer", required)
    .addColumn("caption", "text")
    .addColumn("caption_html", "text")
    .addColumn("caption_url", "text")
    .addUniqueConstraint("gallery_items_gallery_position_unique", ["gallery_id", "position"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["gallery_items", "galleries", "people", "people_teams"]) {
    await db.schema.dropTable(table).execute();
  }
}
