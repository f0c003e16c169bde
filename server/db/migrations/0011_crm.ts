import { PostgresAdapter, sql, type Kysely, type RawBuilder } from "kysely";
import { autoId, required, type ColumnBuilder } from "../column-builders";
import { COUNTRIES, STATES } from "./crm-reference-data-0011";

interface ReferenceTables {
  countries: { id: number; description: string };
  states: { id: number; description: string; country_id: number };
}

/*
 * The embedded CRM's records beyond people (server/crm/, docs/crm.md), shaped
 * after Tessitura's: organisations (schools) are constituents too, so one id
 * space serves individuals and organisations alike, as the spec's calls expect.
 *
 * - constituents gains `kind` (individual | organisation); an organisation has
 *   no email or password, so email becomes optional, but only for them (CHECK).
 *   SQLite cannot drop NOT NULL, so there the table is rebuilt with foreign
 *   keys off (Kysely runs SQLite migrations outside a transaction; the rebuild
 *   itself is one transaction).
 * - addresses, electronic_addresses, constituent_attributes (keyword + value,
 *   e.g. a school's allowed email domains);
 * - countries and states, loaded here (crm-reference-data-0011.ts);
 * - membership_benefits: a membership's seats (user seat or admin seat benefit,
 *   unlimited or a number available) with a running count of seats used, so a
 *   claim is one conditional UPDATE (atomic on both databases);
 * - benefit_usages: one row per seat used;
 * - affiliations: a person's role at an organisation (teacher, user, admin),
 *   with start and end dates and the benefit usage that pays for it;
 * - schools: the register's facts about an organisation (URN, state or
 *   independent or international), kept beside the CRM record for search.
 * Conventions as 0002: integer ids, ISO 8601 UTC text timestamps, no booleans.
 */

const constituentColumns = [
  "id",
  "email",
  "first_name",
  "last_name",
  "phone_number",
  "prefix",
  "password_hash",
  "created_at",
  "updated_at",
  "auth_version",
];

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The constituents table's columns apart from `kind`, as 0002 and 0003 left them. */
const baseColumns = sql`
  id integer primary key,
  first_name text not null,
  last_name text not null,
  phone_number text not null default '',
  prefix integer not null default -1,
  password_hash text,
  created_at text not null,
  updated_at text not null,
  auth_version integer not null default 1`;

const kindCheck = sql`check (kind in ('individual', 'organisation'))`;
const emailCheck = sql`check (kind = 'organisation' or email is not null)`;

/**
 * SQLite cannot change a column's constraints, so the table is rebuilt: with
 * foreign keys off, or dropping it would cascade into every table that
 * references it. Kysely runs SQLite migrations outside a transaction; the
 * rebuild itself is one.
 */
async function rebuildSqliteConstituents(db: Kysely<unknown>, definition: RawBuilder<unknown>, columns: string[]): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql`create table constituents_next (${definition})`.execute(trx);
      const list = sql.raw(columns.join(", "));
      await sql`insert into constituents_next (${list}) select ${list} from constituents`.execute(trx);
      await sql`drop table constituents`.execute(trx);
      await sql`alter table constituents_next rename to constituents`.execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error("the constituents rebuild left rows whose references do not resolve");
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function addConstituentKind(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table constituents alter column email drop not null`.execute(db);
    await sql`alter table constituents add column kind text not null default 'individual' ${kindCheck}`.execute(db);
    await sql`alter table constituents add constraint constituents_email_unless_organisation ${emailCheck}`.execute(db);
    return;
  }
  await rebuildSqliteConstituents(
    db,
    sql`${baseColumns}, kind text not null default 'individual' ${kindCheck}, email text unique, ${emailCheck}`,
    constituentColumns,
  );
}

async function removeConstituentKind(db: Kysely<unknown>): Promise<void> {
  // Organisations cannot survive the loss of `kind`.
  await sql`delete from constituents where kind = 'organisation'`.execute(db);
  if (isPostgres(db)) {
    await sql`alter table constituents drop column kind`.execute(db);
    await sql`alter table constituents alter column email set not null`.execute(db);
    return;
  }
  await rebuildSqliteConstituents(db, sql`${baseColumns}, email text not null unique`, constituentColumns);
}

const constituentReference: ColumnBuilder = (column) => column.notNull().references("constituents.id").onDelete("cascade");

export async function up(db: Kysely<unknown>): Promise<void> {
  const id = autoId(db);
  await addConstituentKind(db);

  await db.schema
    .createTable("countries")
    .addColumn("id", "integer", (column) => column.primaryKey())
    .addColumn("description", "text", required)
    .execute();
  await db.schema
    .createTable("states")
    .addColumn("id", "integer", (column) => column.primaryKey())
    .addColumn("description", "text", required)
    .addColumn("country_id", "integer", (column) => column.notNull().references("countries.id"))
    .execute();
  await db.schema.createIndex("states_country_id").on("states").column("country_id").execute();
  const reference = db as Kysely<ReferenceTables>;
  await reference.insertInto("countries").values(COUNTRIES.map(([id, description]) => ({ id, description }))).execute();
  await reference
    .insertInto("states")
    .values(STATES.map(([id, description, country_id]) => ({ id, description, country_id })))
    .execute();

  await db.schema
    .createTable("addresses")
    .addColumn("id", "integer", id)
    .addColumn("constituent_id", "integer", constituentReference)
    .addColumn("address_type_id", "integer", required)
    .addColumn("label", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("street1", "text", required)
    .addColumn("street2", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("street3", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("city", "text", required)
    .addColumn("state_id", "integer", (column) => column.references("states.id"))
    .addColumn("postal_code", "text", required)
    // Upper case without spaces: what a postcode search compares.
    .addColumn("postal_code_key", "text", required)
    .addColumn("country_id", "integer", (column) => column.notNull().references("countries.id"))
    .addColumn("months", "text", (column) => column.notNull().defaultTo("YYYYYYYYYYYY"))
    .addColumn("primary_indicator", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("inactive", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "text", required)
    .addColumn("updated_at", "text", required)
    .execute();
  await db.schema.createIndex("addresses_constituent_id").on("addresses").column("constituent_id").execute();
  await db.schema.createIndex("addresses_postal_code_key").on("addresses").column("postal_code_key").execute();

  await db.schema
    .createTable("electronic_addresses")
    .addColumn("id", "integer", id)
    .addColumn("constituent_id", "integer", constituentReference)
    .addColumn("address", "text", required)
    .addColumn("electronic_address_type_id", "integer", required)
    .addColumn("is_email", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("allow_html_format", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("months", "text", (column) => column.notNull().defaultTo("YYYYYYYYYYYY"))
    .addColumn("primary_indicator", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("inactive", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("created_at", "text", required)
    .execute();
  await db.schema.createIndex("electronic_addresses_constituent_id").on("electronic_addresses").column("constituent_id").execute();

  await db.schema
    .createTable("constituent_attributes")
    .addColumn("id", "integer", id)
    .addColumn("constituent_id", "integer", constituentReference)
    .addColumn("keyword_id", "integer", required)
    .addColumn("value", "text", required)
    .execute();
  await db.schema
    .createIndex("constituent_attributes_constituent_keyword")
    .on("constituent_attributes")
    .columns(["constituent_id", "keyword_id"])
    .execute();

  await db.schema
    .createTable("membership_benefits")
    .addColumn("id", "integer", id)
    .addColumn("membership_id", "integer", (column) => column.notNull().references("memberships.id").onDelete("cascade"))
    .addColumn("benefit_id", "integer", required)
    .addColumn("unlimited_indicator", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("total_available", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("total_used", "integer", (column) => column.notNull().defaultTo(0))
    .addUniqueConstraint("membership_benefits_membership_benefit", ["membership_id", "benefit_id"])
    .execute();

  await db.schema
    .createTable("benefit_usages")
    .addColumn("id", "integer", id)
    .addColumn("membership_benefit_id", "integer", (column) =>
      column.notNull().references("membership_benefits.id").onDelete("cascade"),
    )
    .addColumn("constituent_id", "integer", constituentReference)
    .addColumn("total_count", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("used_at", "text", required)
    .addColumn("inactive", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("benefit_usages_membership_benefit_id").on("benefit_usages").column("membership_benefit_id").execute();
  await db.schema.createIndex("benefit_usages_constituent_id").on("benefit_usages").column("constituent_id").execute();

  await db.schema
    .createTable("affiliations")
    .addColumn("id", "integer", id)
    .addColumn("group_constituent_id", "integer", constituentReference)
    .addColumn("individual_constituent_id", "integer", constituentReference)
    .addColumn("affiliation_type_id", "integer", required)
    .addColumn("start_date", "text", required)
    .addColumn("end_date", "text")
    .addColumn("benefit_usage_id", "integer", (column) => column.references("benefit_usages.id").onDelete("set null"))
    .addColumn("is_included_in_search_results", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("created_at", "text", required)
    .execute();
  await db.schema.createIndex("affiliations_group_constituent_id").on("affiliations").column("group_constituent_id").execute();
  await db.schema
    .createIndex("affiliations_individual_constituent_id")
    .on("affiliations")
    .column("individual_constituent_id")
    .execute();

  await db.schema
    .createTable("schools")
    .addColumn("constituent_id", "integer", (column) => column.primaryKey().references("constituents.id").onDelete("cascade"))
    .addColumn("urn", "text", (column) => column.unique())
    .addColumn("kind", "text", (column) => column.notNull().check(sql`kind in ('state', 'independent', 'international')`))
    .addColumn("name", "text", required)
    // The primary address as search results show it (the CRM's addresses table holds the record).
    .addColumn("street1", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("street2", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("street3", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("city", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("postcode", "text", (column) => column.notNull().defaultTo(""))
    .addColumn("updated_at", "text", required)
    .execute();
  await createSchoolSearchIndex(db);
}

/*
 * School search (server/search/*-school-search.ts): the name weighs most,
 * then the URN, then the address. SQLite: an FTS5 table kept in step with
 * `schools` by triggers, and an fts5vocab view of its words for typo
 * tolerance. PostgreSQL: a weighted tsvector column in the site_search
 * configuration of migration 0008, with a GIN index.
 */
async function createSchoolSearchIndex(db: Kysely<unknown>): Promise<void> {
  const place = (r: string) =>
    `trim(${r}.street1 || ' ' || ${r}.street2 || ' ' || ${r}.street3 || ' ' || ${r}.city || ' ' || ${r}.postcode)`;
  if (isPostgres(db)) {
    await sql.raw(`alter table schools add column search_vector tsvector generated always as (
      setweight(to_tsvector('site_search', name), 'A') ||
      setweight(to_tsvector('site_search', coalesce(urn, '')), 'B') ||
      setweight(to_tsvector('site_search', ${place("schools")}), 'C')
    ) stored`).execute(db);
    await sql`create index schools_search_vector on schools using gin (search_vector)`.execute(db);
    return;
  }
  await sql`create virtual table school_search using fts5(
    name, urn, place, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
  )`.execute(db);
  await sql`create virtual table school_search_words using fts5vocab(school_search, 'row')`.execute(db);
  const insert = (r: string) =>
    `insert into school_search (rowid, name, urn, place) values (${r}.constituent_id, ${r}.name, coalesce(${r}.urn, ''), ${place(r)});`;
  await sql.raw(`create trigger schools_search_insert after insert on schools begin ${insert("new")} end`).execute(db);
  await sql
    .raw(`create trigger schools_search_update after update on schools begin
      delete from school_search where rowid = old.constituent_id; ${insert("new")} end`)
    .execute(db);
  await sql.raw(`create trigger schools_search_delete after delete on schools begin
      delete from school_search where rowid = old.constituent_id; end`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`drop table if exists school_search_words`.execute(db);
    await sql`drop table if exists school_search`.execute(db);
  }
  for (const table of [
    "schools",
    "affiliations",
    "benefit_usages",
    "membership_benefits",
    "constituent_attributes",
    "electronic_addresses",
    "addresses",
    "states",
    "countries",
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await removeConstituentKind(db);
}
