import { type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * The content model (pages, events, resources, site settings) and the people
 * of the embedded CRM (constituents and their memberships).
 * Conventions: integer ids, ISO 8601 UTC text timestamps, no booleans
 * (row types in server/pages/, events/, resources/ and accounts/tables.ts).
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const id = autoId(db);

  await db.schema
    .createTable("site_settings")
    .addColumn("key", "text", (column) => column.primaryKey())
    .addColumn("value_json", "text", required)
    .addColumn("updated_at", "text", required)
    .execute();

  await db.schema
    .createTable("pages")
    .addColumn("id", "integer", id)
    .addColumn("slug", "text", (column) => column.notNull().unique())
    .addColumn("title", "text", required)
    .addColumn("summary", "text", required)
    .addColumn("body_html", "text", required)
    .addColumn("nav_order", "integer")
    .addColumn("published_at", "text")
    .addColumn("updated_at", "text", required)
    .execute();

  await db.schema
    .createTable("event_taxonomy_terms")
    .addColumn("id", "integer", id)
    .addColumn("taxonomy", "text", required)
    .addColumn("slug", "text", required)
    .addColumn("label", "text", required)
    .addColumn("position", "integer", required)
    .addUniqueConstraint("event_taxonomy_terms_taxonomy_slug_unique", ["taxonomy", "slug"])
    .execute();

  const term = (column: ColumnDefinitionBuilder) => column.references("event_taxonomy_terms.id");
  await db.schema
    .createTable("events")
    .addColumn("id", "integer", id)
    .addColumn("slug", "text", (column) => column.notNull().unique())
    .addColumn("title", "text", required)
    .addColumn("summary", "text", required)
    .addColumn("description_html", "text", required)
    .addColumn("image_url", "text", required)
    .addColumn("image_alt", "text", required)
    .addColumn("price_text", "text")
    .addColumn("age_guidance", "text")
    .addColumn("event_type_id", "integer", (column) => term(column).notNull())
    .addColumn("genre_id", "integer", term)
    .addColumn("season_id", "integer", (column) => term(column).notNull())
    .addColumn("series_id", "integer", term)
    .addColumn("venue_id", "integer", (column) => term(column).notNull())
    .addColumn("access_type_id", "integer", term)
    .addColumn("updated_at", "text", required)
    .execute();

  await db.schema
    .createTable("event_instances")
    .addColumn("id", "integer", id)
    .addColumn("event_id", "integer", (column) =>
      column.notNull().references("events.id").onDelete("cascade"),
    )
    .addColumn("starts_at", "text", required)
    .addColumn("ends_at", "text", required)
    .execute();
  await db.schema.createIndex("event_instances_starts_at").on("event_instances").column("starts_at").execute();
  await db.schema
    .createIndex("event_instances_event_id_starts_at")
    .on("event_instances")
    .columns(["event_id", "starts_at"])
    .execute();

  await db.schema
    .createTable("resources")
    .addColumn("id", "integer", (column) => column.primaryKey())
    .addColumn("resource_type", "text", required)
    .addColumn("slug", "text", (column) => column.notNull().unique())
    .addColumn("title", "text", required)
    .addColumn("summary", "text", required)
    .addColumn("body_html", "text", required)
    .addColumn("image_url", "text", required)
    .addColumn("image_alt", "text", required)
    .addColumn("duration_minutes", "integer", required)
    .addColumn("published_at", "text", required)
    .addColumn("updated_at", "text", required)
    .execute();
  await db.schema.createIndex("resources_published_at").on("resources").column("published_at").execute();
  await db.schema.createIndex("resources_duration_minutes").on("resources").column("duration_minutes").execute();

  await db.schema
    .createTable("resource_facet_terms")
    .addColumn("id", "integer", id)
    .addColumn("facet", "text", required)
    .addColumn("slug", "text", required)
    .addColumn("label", "text", required)
    .addColumn("position", "integer", required)
    .addUniqueConstraint("resource_facet_terms_facet_slug_unique", ["facet", "slug"])
    .execute();

  await db.schema
    .createTable("resource_facets")
    .addColumn("resource_id", "integer", (column) =>
      column.notNull().references("resources.id").onDelete("cascade"),
    )
    .addColumn("term_id", "integer", (column) =>
      column.notNull().references("resource_facet_terms.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("resource_facets_pk", ["resource_id", "term_id"])
    .execute();
  // Facet counts and filters go from a term to its resources.
  await db.schema
    .createIndex("resource_facets_term_id_resource_id")
    .on("resource_facets")
    .columns(["term_id", "resource_id"])
    .execute();

  await db.schema
    .createTable("resource_activities")
    .addColumn("id", "integer", id)
    .addColumn("resource_id", "integer", (column) =>
      column.notNull().references("resources.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", required)
    .addColumn("title", "text", required)
    .addColumn("body_html", "text", required)
    .addUniqueConstraint("resource_activities_resource_position_unique", ["resource_id", "position"])
    .execute();

  await db.schema
    .createTable("constituents")
    .addColumn("id", "integer", id)
    .addColumn("email", "text", (column) => column.notNull().unique())
    .addColumn("first_name", "text", required)
    .addColumn("last_name", "text", required)
    .addColumn("phone_number", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("prefix", "integer", (column) => column.notNull().defaultTo(-1))
    .addColumn("password_hash", "text")
    .addColumn("created_at", "text", required)
    .addColumn("updated_at", "text", required)
    .execute();

  await db.schema
    .createTable("memberships")
    .addColumn("id", "integer", id)
    .addColumn("constituent_id", "integer", (column) =>
      column.notNull().references("constituents.id").onDelete("cascade"),
    )
    .addColumn("membership_level_id", "integer", required)
    .addColumn("starts_at", "text", required)
    .addColumn("expires_at", "text", required)
    .execute();
  await db.schema.createIndex("memberships_constituent_id").on("memberships").column("constituent_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "memberships",
    "constituents",
    "resource_activities",
    "resource_facets",
    "resource_facet_terms",
    "resources",
    "event_instances",
    "events",
    "event_taxonomy_terms",
    "pages",
    "site_settings",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
