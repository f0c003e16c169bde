import type { Kysely } from "kysely";
import type { SitemapEntry } from "../seo";
import { peopleSitemapEntries } from "./people-sitemap";
import type { Database } from "../db/schema";
import { findPerson, loadPeopleTeams, type PeopleTeam, type Person } from "./people";

/** The People page: the teams with their people, and each person's own page. */
export interface PeopleService {
  teams(): Promise<PeopleTeam[]>;
  findPerson(slug: string): Promise<Person | undefined>;
  /** Every person's page, for the sitemap (docs/seo.md). */
  sitemapEntries(): Promise<SitemapEntry[]>;
}

export function createPeopleService(db: Kysely<Database>): PeopleService {
  return {
    teams: () => loadPeopleTeams(db),
    findPerson: (slug) => findPerson(db, slug),
    sitemapEntries: () => peopleSitemapEntries(db),
  };
}
