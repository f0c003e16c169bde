/*
 * Row type for server/db/migrations/0007_saved_resources.ts, merged into the
 * app's `Database` by declaration merging (as server/accounts/tables.ts does),
 * so saving adds its table without editing the shared schema file.
 */

export interface SavedResourcesTable {
  constituent_id: number;
  resource_id: number;
  /** ISO 8601 UTC text. */
  saved_at: string;
}

declare module "../db/schema" {
  interface Database {
    saved_resources: SavedResourcesTable;
  }
}
