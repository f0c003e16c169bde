import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { findPerson, loadPeopleTeams, type PeopleTeam, type Person } from "./people";

/** The People page: the teams with their people, and each person's own page. */
export interface PeopleService {
  teams(): Promise<PeopleTeam[]>;
  findPerson(slug: string): Promise<Person | undefined>;
}

export function createPeopleService(db: Kysely<Database>): PeopleService {
  return {
    teams: () => loadPeopleTeams(db),
    findPerson: (slug) => findPerson(db, slug),
  };
}
