import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { personUrl } from "../shared/content-urls";

/** A person as a profile cover and on their own page. */
export interface Person {
  slug: string;
  name: string;
  role: string;
  url: string;
  portraitUrl: string | null;
  portraitAlt: string;
  /** Trusted editor HTML from the content files. */
  bioHtml: string;
  team: { slug: string; label: string };
}

/** A team and its people, in the content file's order. */
export interface PeopleTeam {
  slug: string;
  label: string;
  intro: string;
  people: Person[];
}

function peopleQuery(db: Kysely<Database>) {
  return db
    .selectFrom("people")
    .innerJoin("people_teams as team", "team.id", "people.team_id")
    .select([
      "people.slug",
      "people.name",
      "people.role",
      "people.portrait_url",
      "people.portrait_alt",
      "people.bio_html",
      "team.slug as team_slug",
      "team.label as team_label",
      "team.intro as team_intro",
    ]);
}

type PersonRow = Awaited<ReturnType<ReturnType<typeof peopleQuery>["execute"]>>[number];

function personOf(row: PersonRow): Person {
  return {
    slug: row.slug,
    name: row.name,
    role: row.role,
    url: personUrl(row.slug),
    portraitUrl: row.portrait_url,
    portraitAlt: row.portrait_alt,
    bioHtml: row.bio_html,
    team: { slug: row.team_slug, label: row.team_label },
  };
}

/** Every team with people, in order, each with its people in order: the People page. */
export async function loadPeopleTeams(db: Kysely<Database>): Promise<PeopleTeam[]> {
  const rows = await peopleQuery(db).orderBy("team.position").orderBy("people.position").orderBy("people.name").execute();
  const teams: PeopleTeam[] = [];
  for (const row of rows) {
    let team = teams.at(-1);
    if (team?.slug !== row.team_slug) {
      team = { slug: row.team_slug, label: row.team_label, intro: row.team_intro, people: [] };
      teams.push(team);
    }
    team.people.push(personOf(row));
  }
  return teams;
}

/** The person at /people/<slug>/, if there is one. */
export async function findPerson(db: Kysely<Database>, slug: string): Promise<Person | undefined> {
  const row = await peopleQuery(db).where("people.slug", "=", slug).executeTakeFirst();
  return row ? personOf(row) : undefined;
}
