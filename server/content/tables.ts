import type { ColumnType, Generated } from "kysely";
import type { PeopleAndGalleryTables } from "./people-and-gallery-tables";

/*
 * Kysely row types for the content and people tables created by
 * server/db/migrations/0002_content.ts.
 *
 * Portable conventions, the same on SQLite and PostgreSQL:
 * - ids are 32-bit integers (PostgreSQL `integer`, so `pg` returns numbers);
 * - timestamps are ISO 8601 UTC text ('2026-11-21T19:30:00.000Z'), which
 *   sorts and compares correctly as text on both engines;
 * - no booleans: "published" is a nullable published_at timestamp.
 */

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

/** One table for every event taxonomy, told apart by `taxonomy` (see event-taxonomies.ts). */
export interface EventTaxonomyTermsTable {
  id: Generated<number>;
  taxonomy: string;
  slug: string;
  label: string;
  /** Order in filter selects. */
  position: number;
}

export interface EventsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  summary: string;
  description_html: string;
  image_url: string;
  image_alt: string;
  /** e.g. "£12–£32", "Free, booking required". */
  price_text: string | null;
  /** e.g. "Recommended for ages 12+". */
  age_guidance: string | null;
  event_type_id: number;
  genre_id: number | null;
  season_id: number;
  series_id: number | null;
  venue_id: number;
  access_type_id: number | null;
  updated_at: string;
}

export interface EventInstancesTable {
  id: Generated<number>;
  event_id: number;
  starts_at: string;
  ends_at: string;
}

export interface ResourcesTable {
  /** The stable resource_id of the spec, taken from the fixtures (never generated). */
  id: number;
  resource_type: string;
  slug: string;
  title: string;
  summary: string;
  body_html: string;
  image_url: string;
  image_alt: string;
  duration_minutes: number;
  published_at: string;
  updated_at: string;
}

/** One table for every resource facet, told apart by `facet` (see resource-facets.ts). */
export interface ResourceFacetTermsTable {
  id: Generated<number>;
  facet: string;
  slug: string;
  label: string;
  position: number;
}

export interface ResourceFacetsTable {
  resource_id: number;
  term_id: number;
}

/**
 * The ordered, titled sections of a resource. Ids stay stable across reseeds
 * (rows are matched on resource_id + position), because teacher notes hang off them.
 */
export interface ResourceActivitiesTable {
  id: Generated<number>;
  resource_id: number;
  position: number;
  title: string;
  body_html: string;
}

/** A person or an organisation (a school) in the embedded CRM (migration 0011 added organisations). */
export interface ConstituentsTable {
  id: Generated<number>;
  kind: ColumnType<ConstituentKind, ConstituentKind | undefined, never>;
  /**
   * Always stored trimmed and lower-cased (see normaliseEmail). Only an
   * organisation has none (a CHECK constraint holds this): queries for people
   * filter on kind = 'individual' and narrow the type ($narrowType).
   */
  email: string | null;
  first_name: string;
  last_name: string;
  phone_number: string;
  /** The CRM's prefix id (Mr, Ms, Dr...); -1 means none, as the spec's Profile Prefix default. */
  prefix: number;
  /** Null for records created by staff or by import: those people set a password by email. */
  password_hash: string | null;
  created_at: string;
  updated_at: string;
}

export type ConstituentKind = "individual" | "organisation";

export interface MembershipsTable {
  id: Generated<number>;
  constituent_id: number;
  /** The CRM membership level id (individual: 95 in test, 92 in production). */
  membership_level_id: number;
  starts_at: string;
  expires_at: string;
}

/** Every content table; the People and Gallery pages' tables are in people-and-gallery-tables.ts. */
export interface ContentTables extends PeopleAndGalleryTables {
  site_settings: SiteSettingsTable;
  pages: PagesTable;
  event_taxonomy_terms: EventTaxonomyTermsTable;
  events: EventsTable;
  event_instances: EventInstancesTable;
  resources: ResourcesTable;
  resource_facet_terms: ResourceFacetTermsTable;
  resource_facets: ResourceFacetsTable;
  resource_activities: ResourceActivitiesTable;
  constituents: ConstituentsTable;
  memberships: MembershipsTable;
}
