import type { Kysely } from "kysely";
import { required } from "../column-builders";

/*
 * The monthly register refresh (issue 26, docs/schools.md):
 * - schools keeps each school's website (the register's SchoolWebsite
 *   column) and the email domain it suggests, with where the suggestion came
 *   from. A suggestion is not an allowed domain (those are CRM attributes)
 *   until staff confirm it.
 * - closed_schools: a school the register lists as closed, or no longer lists,
 *   moves here from `schools`, so it leaves search and the wizard (both read
 *   `schools`) while its CRM record, its members' history and orders stay.
 *   It moves back if a later register lists it open again. Same columns as
 *   schools, plus when it closed. Plain columns on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("schools").addColumn("website", "text", (column) => column.notNull().defaultTo("")).execute();
  await db.schema.alterTable("schools").addColumn("suggested_email_domain", "text").execute();
  await db.schema.alterTable("schools").addColumn("suggested_email_domain_source", "text").execute();

  await db.schema
    .createTable("closed_schools")
    .addColumn("constituent_id", "integer", (column) => column.primaryKey().references("constituents.id").onDelete("cascade"))
    .addColumn("urn", "text", (column) => column.unique())
    .addColumn("kind", "text", required)
    .addColumn("name", "text", required)
    .addColumn("street1", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("street2", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("street3", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("city", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("postcode", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("website", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("suggested_email_domain", "text")
    .addColumn("suggested_email_domain_source", "text")
    .addColumn("updated_at", "text", required)
    .addColumn("closed_at", "text", required)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("closed_schools").execute();
  // SQLite drops one column per ALTER TABLE.
  for (const column of ["suggested_email_domain_source", "suggested_email_domain", "website"]) {
    await db.schema.alterTable("schools").dropColumn(column).execute();
  }
}
