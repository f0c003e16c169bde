import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

/*
 * Column shorthands the migrations share. Migrations run once and then stand
 * still, so only these never-changing basics are shared, never table shapes.
 */

export type ColumnBuilder = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** An auto-numbered integer key: SQLite's rowid alias, or a PostgreSQL identity column. */
export function autoId(db: Kysely<unknown>): ColumnBuilder {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return isPostgres ? (column) => column.primaryKey().generatedByDefaultAsIdentity() : (column) => column.primaryKey();
}

export const required: ColumnBuilder = (column) => column.notNull();
