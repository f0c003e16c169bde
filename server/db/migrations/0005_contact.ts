import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

/*
 * Messages sent through the My account contact form
 * (server/accounts/contact.ts; row type in server/accounts/contact-messages-table.ts).
 * Each is kept, then mailed to STAFF_EMAIL, so a message survives a mail
 * outage. constituent_id is null once the person's account is deleted: the
 * message itself stays for the staff who answer it.
 * Conventions as 0002: integer ids, ISO 8601 UTC text timestamps.
 */

type ColumnBuilder = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** An auto-numbered integer key: SQLite's rowid alias, or a PostgreSQL identity column. */
function autoId(db: Kysely<unknown>): ColumnBuilder {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return isPostgres ? (column) => column.primaryKey().generatedByDefaultAsIdentity() : (column) => column.primaryKey();
}

const required: ColumnBuilder = (column) => column.notNull();

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "integer", autoId(db))
    .addColumn("constituent_id", "integer", (column) => column.references("constituents.id").onDelete("set null"))
    .addColumn("name", "text", required)
    .addColumn("email", "text", required)
    .addColumn("subject", "text", required)
    .addColumn("message", "text", required)
    .addColumn("created_at", "text", required)
    .execute();
  // Staff read them newest first; the per-person rate limit needs no index (it uses the rate-limit port).
  await db.schema.createIndex("contact_messages_created_at").on("contact_messages").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_messages").execute();
}
