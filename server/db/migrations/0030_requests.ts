import { sql, type Kysely } from "kysely";
import { autoId, required } from "../column-builders";

/*
 * Requests (issue 28, docs/requests.md; row types in
 * server/requests/tables.ts): everything a person asks of the organisation,
 * in one place. `kind` is join (asking to join a school whose email domain
 * theirs does not match), support (a wizard ending that cannot finish online,
 * with the details already entered as JSON in `details`) or contact (the My
 * account contact form). `status` is open, answered or closed; a join request
 * is closed by its decision, `outcome` approved or declined. Each answer sent
 * (by a school's admin or by staff) is a row of request_answers, kept with its
 * request; its email goes through the outbox.
 *
 * The contact form's messages move here from contact_messages, which goes:
 * they were mailed to STAFF_EMAIL and answered from there, so they arrive
 * closed, kept for the record and the person's data export.
 * person_id (and school_id, author_person_id) are cleared when that record is
 * erased; the request itself stays for the staff who answer it, and an
 * account's deletion deletes its own requests (server/requests/personal-requests.ts).
 * author_staff_id names a back-office staff account; it has no foreign key,
 * so this migration does not depend on the staff tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("requests")
    .addColumn("id", "integer", autoId(db))
    .addColumn("kind", "text", required)
    .addColumn("status", "text", required)
    .addColumn("person_id", "integer", (column) => column.references("constituents.id").onDelete("set null"))
    .addColumn("name", "text", required)
    .addColumn("email", "text", required)
    .addColumn("school_id", "integer", (column) => column.references("constituents.id").onDelete("set null"))
    .addColumn("subject", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("message", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("details", "text", (column) => column.notNull().defaultTo("{}"))
    .addColumn("outcome", "text")
    .addColumn("created_at", "text", required)
    .addColumn("updated_at", "text", required)
    .addColumn("closed_at", "text")
    .execute();
  // The inbox (by status, newest first), a school's requests (the School tab, staff's school page), a person's (export, erasure).
  await db.schema.createIndex("requests_status_created_at").on("requests").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("requests_school_status").on("requests").columns(["school_id", "status"]).execute();
  await db.schema.createIndex("requests_person").on("requests").column("person_id").execute();

  await db.schema
    .createTable("request_answers")
    .addColumn("id", "integer", autoId(db))
    .addColumn("request_id", "integer", (column) => column.notNull().references("requests.id").onDelete("cascade"))
    .addColumn("author_person_id", "integer", (column) => column.references("constituents.id").onDelete("set null"))
    .addColumn("author_staff_id", "integer")
    .addColumn("author_name", "text", required)
    .addColumn("action", "text")
    .addColumn("body", "text", required)
    .addColumn("sent_to", "text", required)
    .addColumn("created_at", "text", required)
    .execute();
  await db.schema.createIndex("request_answers_request").on("request_answers").column("request_id").execute();
  await db.schema.createIndex("request_answers_author_person").on("request_answers").column("author_person_id").execute();

  await sql`
    insert into requests (kind, status, person_id, name, email, subject, message, details, created_at, updated_at, closed_at)
    select 'contact', 'closed', constituent_id, name, email, subject, message, '{}', created_at, created_at, created_at
    from contact_messages order by id`.execute(db);
  await db.schema.dropTable("contact_messages").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
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
  await db.schema.createIndex("contact_messages_created_at").on("contact_messages").column("created_at").execute();
  await sql`
    insert into contact_messages (constituent_id, name, email, subject, message, created_at)
    select person_id, name, email, subject, message, created_at from requests where kind = 'contact' order by id`.execute(db);
  await db.schema.dropTable("request_answers").execute();
  await db.schema.dropTable("requests").execute();
}
