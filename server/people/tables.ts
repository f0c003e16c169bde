import type { Generated } from "kysely";

/*
 * Kysely row types for the People page's tables (server/db/migrations/0006_people_and_galleries.ts).
 * Conventions as server/events/tables.ts: integer ids, ISO 8601 UTC text timestamps.
 */

/** A group on the People page, e.g. "Artistic team". */
export interface PeopleTeamsTable {
  id: Generated<number>;
  slug: string;
  label: string;
  intro: string;
  position: number;
}

export interface PeopleTable {
  id: Generated<number>;
  slug: string;
  team_id: number;
  /** Order within the team. */
  position: number;
  name: string;
  role: string;
  portrait_url: string | null;
  /** Empty when the name beside the portrait says who it is. */
  portrait_alt: string;
  /** Trusted editor HTML from the content files. */
  bio_html: string;
  updated_at: string;
}

export interface PeopleTables {
  people_teams: PeopleTeamsTable;
  people: PeopleTable;
}
