/*
 * Kysely row types for the pages and site settings tables created by
 * server/db/migrations/0002_content.ts.
 * Conventions as server/events/tables.ts: integer ids, ISO 8601 UTC text timestamps, no booleans.
 */

import type { Generated } from "kysely";

export interface SiteSettingsTable {
  /** "name", "tagline", "nav", "footerNav". */
  key: string;
  /** The setting's value as JSON text. */
  value_json: string;
  updated_at: string;
}

export interface PagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string;
  /** Trusted editor HTML: rendered unescaped, so it only ever comes from fixtures or staff. */
  body_html: string;
  /** Position in navigation lists; null keeps the page out of them. */
  nav_order: number | null;
  /** Null while the page is a draft. */
  published_at: string | null;
  updated_at: string;
}

export interface PageTables {
  site_settings: SiteSettingsTable;
  pages: PagesTable;
}
